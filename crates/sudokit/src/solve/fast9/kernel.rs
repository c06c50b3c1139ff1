//! The [`Kernel`] trait, the hot steps of the search per instruction set, and [`Portable`], the
//! scalar kernels every target has. The vector kernels are in `x86.rs`.

use super::search::{solve_with, start_with, Ctx, Sink};
use super::state::{given_masks, Naked, Outcome, State};
use super::tables::EVERY_WORD;

/// The hot steps of the search, per instruction set. A kernel value is a proof that its
/// instructions may run: the vector ones are only made after run-time detection.
///
/// `news` (bit `i` for `cand[i]`) is a superset of the digit-bands whose `cand` may differ
/// from `seen`; the caller knows it for free (propagation ends with none, a guess then touches
/// one), and it spares the vector kernels a reload of the state right after scalar stores.
/// Updating a digit-band that has no news is a no-op, so a superset is always safe.
///
/// `then` names the digit-bands that the updates of `news` are bound to change (after a
/// placement: the cell's other digits, and the digit in the other bands). The vector kernels
/// update them as a second round straight away, instead of first comparing the state for
/// changes (a vector reload that waits for the first round's stores); the portable ones, which
/// find changes word by word, ignore it. Safe for any mask, for the reason above.
pub(super) trait Kernel: Copy {
    /// Sets the puzzle up and searches it: the whole of a search, so that the set-up too is
    /// compiled for the kernel's instruction set.
    fn start<S: Sink>(self, givens: &[u8; 81], ctx: &mut Ctx<S>);
    /// The state of the puzzle `givens` (anything but 1..=9 is a blank), as
    /// [`State::from_givens`] makes it; `None` when givens conflict.
    fn set_up(self, givens: &[u8; 81]) -> Option<State>;
    /// The state the search starts from, and the digit-bands with news in it: the set-up,
    /// then on the vector kernels the dense rounds; `None` when givens conflict or those
    /// rounds find a contradiction. The portable kernels leave all 27 digit-bands to the
    /// search's first round of band updates.
    fn fresh(self, givens: &[u8; 81]) -> Option<(State, u32)>;
    /// The search from `s` on. The recursion re-enters here so that all of a kernel's search
    /// is compiled for its instruction set (and its kernels inline into it).
    fn solve<S: Sink>(self, s: &mut State, news: u32, then: u32, ctx: &mut Ctx<S>);
    fn propagate(self, s: &mut State, news: u32, then: u32, strong: bool) -> Outcome;
    /// Band updates until nothing changes, from `news` then `then`; false on a contradiction.
    fn update_all(self, s: &mut State, news: u32, then: u32) -> bool;
    /// [`State::naked`].
    fn naked(self, s: &State) -> Naked;
    /// [`State::stack_pass`].
    fn stack_pass(self, s: &mut State) -> Option<u32>;
}

/// The scalar kernels: the reference behaviour, and the code on other targets and CPUs.
#[derive(Clone, Copy)]
pub(super) struct Portable;

impl Kernel for Portable {
    fn start<S: Sink>(self, givens: &[u8; 81], ctx: &mut Ctx<S>) {
        start_with(self, givens, ctx);
    }
    #[inline(always)]
    fn set_up(self, givens: &[u8; 81]) -> Option<State> {
        State::from_givens(&given_masks(givens))
    }
    #[inline(always)]
    fn fresh(self, givens: &[u8; 81]) -> Option<(State, u32)> {
        Some((self.set_up(givens)?, EVERY_WORD))
    }
    fn solve<S: Sink>(self, s: &mut State, news: u32, then: u32, ctx: &mut Ctx<S>) {
        solve_with(self, s, news, then, ctx);
    }
    fn propagate(self, s: &mut State, news: u32, then: u32, strong: bool) -> Outcome {
        s.propagate_with(self, news, then, strong)
    }
    #[inline(always)]
    fn update_all(self, s: &mut State, _: u32, _: u32) -> bool {
        s.update_all()
    }
    #[inline(always)]
    fn naked(self, s: &State) -> Naked {
        s.naked()
    }
    fn stack_pass(self, s: &mut State) -> Option<u32> {
        s.stack_pass()
    }
}
