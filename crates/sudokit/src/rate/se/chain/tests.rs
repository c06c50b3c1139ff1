//! Property tests of the chain searches: each shortcut against the full search it spares.

use super::best::Best;
use super::multiple::multiple_chains_into;
use super::*;
use crate::rate::se::board::{positions, ALL};

/// A grid of about one candidate in three, each a digit present in two neighbouring bits of
/// `bits` (any 9-bit numbers, one a cell).
fn sparse(bits: &[u16]) -> [u16; 81] {
    std::array::from_fn(|i| (bits[i] & bits[i] >> 1 & ALL >> 1) << 1)
}

/// About 2.3 candidates a cell from `bits`, at random or around a solution (`with_solution`,
/// as the grids of a puzzle are): dynamic chains meet contradictions, and double, cell and
/// region chains all occur.
fn puzzle_like(bits: &[u16], with_solution: bool) -> [u16; 81] {
    let solution = |i: usize| 1 << ((i / 9 * 3 + i / 27 + i % 9) % 9 + 1);
    let extra = sparse(bits);
    std::array::from_fn(|i| if with_solution { extra[i] | solution(i) } else { extra[i] })
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]
    /// The search without potentials agrees with the full one on whether a forcing chain is
    /// found and on everything implied; and a search skipped inside an earlier closure is one
    /// that finds nothing.
    #[test]
    fn forcing_without_potentials_agrees_with_the_full_search(
        cands in proptest::collection::vec(0u16..512, 81),
        y: bool,
    ) {
        // Sparse grids (about 1 candidate in 3), where some chains close and others do not.
        let cands = sparse(&cands);
        let board = Board { values: [0; 81], cands };
        let mut budget = Budget::new(u64::MAX);
        let mut ch = Chainer::new(&board, &mut budget);
        let mut closures = Vec::new();
        for c in (0..729u16).filter(|&c| cands[cell_of(c)] & 1 << digit_of(c) != 0) {
            for on in [true, false] {
                let src = ch.push(c, on, &[]);
                let full = ch.forcing::<false>(src, y);
                let (full_on, full_off) = std::mem::take(&mut ch.buf.closure);
                let finds = ch.forcing_finds::<false>(src, y);
                proptest::prop_assert_eq!(finds, !full.is_empty(), "{} {}", c, on);
                if !finds {
                    let (on_set, off_set) = std::mem::take(&mut ch.buf.closure);
                    proptest::prop_assert!(on_set.iter().eq(full_on.iter()));
                    proptest::prop_assert!(off_set.iter().eq(full_off.iter()));
                }
                let chains = ch.forcing_unless_closed(src, y, false, &mut closures);
                proptest::prop_assert_eq!(chains.len(), full.len());
            }
        }
    }

    /// What a candidate implies through static links, taking in whole what the "on"s it
    /// meets were found to imply, is what the search of every potential finds, at the same
    /// work, in whatever order the candidates are asked for.
    #[test]
    fn implications_taken_whole_are_those_searched(
        cands in proptest::collection::vec(0u16..512, 81),
        reversed: bool,
    ) {
        let cands = sparse(&cands);
        let board = Board { values: [0; 81], cands };
        let mut budget = Budget::new(u64::MAX);
        let mut ch = Chainer::new(&board, &mut budget);
        let mut ks: Vec<u16> =
            (0..729u16).filter(|&c| cands[cell_of(c)] & 1 << digit_of(c) != 0).collect();
        if reversed {
            ks.reverse();
        }
        let mut implications = Implications::default();
        for &k in &ks {
            let (on, off, created) =
                ch.implied::<false>(k, true, true, false).expect("no conjugate looked for");
            let before = ch.budget.spent;
            let shares = implications.share(&mut ch, &[k]);
            proptest::prop_assert!(shares == (!on.is_empty() || !off.is_empty()));
            proptest::prop_assert_eq!(ch.budget.spent - before, created + 1);
            let (whole_on, whole_off) = &implications.sets[implications.at[k as usize] as usize];
            proptest::prop_assert!(whole_on.iter().eq(on.iter()), "{}", k);
            proptest::prop_assert!(whole_off.iter().eq(off.iter()), "{}", k);
        }
    }

    /// Links built in the memory of another grid's, after that grid's weak links and reads
    /// were asked for, are those built afresh.
    #[test]
    fn links_in_spare_memory_are_built_afresh(
        first in proptest::collection::vec(0u16..512, 81),
        second in proptest::collection::vec(0u16..512, 81),
    ) {
        let (first, second) = (sparse(&first), sparse(&second));
        let (first_pos, second_pos) = (positions(&first), positions(&second));
        let mut spare = Links::new(None, &first, &first_pos);
        for c in (0..729u16).filter(|&c| first[cell_of(c)] & 1 << digit_of(c) != 0) {
            for (y, x) in [(true, true), (true, false), (false, true)] {
                spare.reads(&first, &first_pos, c, y, x);
            }
        }
        let reused = Links::new(Some(spare), &second, &second_pos);
        let fresh = Links::new(None, &second, &second_pos);
        proptest::prop_assert!(reused.cell == fresh.cell && reused.house == fresh.house);
        proptest::prop_assert!(reused.strong == fresh.strong);
        proptest::prop_assert!(reused.weak_at == fresh.weak_at && reused.reads_at == fresh.reads_at);
        proptest::prop_assert!(reused.weak.is_empty() && reused.reads.is_empty());
    }

    /// The bit-set spreads agree with the dynamic chains on whether a contradiction is met,
    /// and on everything implied where none is; and a dynamic forcing chain search that builds
    /// only the chains its plan asks for finds the same steps, in the same order, as the
    /// whole search.
    #[test]
    fn dynamic_spreads_agree_with_the_chains(
        cands in proptest::collection::vec(0u16..512, 81),
        with_solution: bool,
    ) {
        let cands = puzzle_like(&cands, with_solution);
        let board = Board { values: [0; 81], cands };
        let pos = board.all_positions();
        let mut budget = Budget::new(u64::MAX);
        let mut ch = Chainer::new(&board, &mut budget);
        let mut spreader = Spreader::default();
        for c in (0..729u16).filter(|&c| cands[cell_of(c)] & 1 << digit_of(c) != 0) {
            for on in [true, false] {
                let src = ch.push(c, on, &[]);
                let chain = ch.chain(src, true, true);
                let spread = spreader.spread(&cands, &pos, c, on);
                proptest::prop_assert_eq!(spread.absurd, chain.absurd.is_some(), "{} {}", c, on);
                // Where a contradiction is met, as far as the chain went.
                proptest::prop_assert!(spread.on.iter().eq(chain.on_bits.iter()));
                proptest::prop_assert!(spread.off.iter().eq(chain.off_bits.iter()));
                // The chain's potentials, and the one that met its conjugate.
                let size = chain.on.len() + chain.off.len() + usize::from(spread.absurd);
                proptest::prop_assert_eq!(spread.size as usize, size);
            }
        }
        drop(ch);
        let init = [ALL; 81];
        let steps = |pruning: bool| {
            PRUNING.with(|p| p.set(pruning));
            let mut budget = Budget::new(u64::MAX);
            let (found, pending) = (Vec::new(), Vec::new());
            let mut best = Best::All { init: &init, cur: &cands, found, easiest: None, pending };
            let mut cache = NestedCache::default();
            multiple_chains_into(&board, Multi::Dynamic(0), &mut budget, &mut best, &mut cache, false);
            PRUNING.with(|p| p.set(true));
            let Best::All { found, .. } = best else { unreachable!("built as Best::All") };
            let steps = found.iter().map(|f| {
                let (f, step) = &**f;
                format!(
                    "{} {} {} {:?} {:?} {:?} {}",
                    f.difficulty, f.complexity, f.sort_key, f.hint.removals, f.hint.place, step.parents,
                    step.signature
                )
            });
            // The chains left out are charged as if built.
            std::iter::once(format!("work {}", budget.spent)).chain(steps).collect::<Vec<_>>()
        };
        proptest::prop_assert_eq!(steps(true), steps(false));
    }

    /// A walk counts the potentials `chain_of` lists above a potential, and meets the chains
    /// nested among them in the same order, in chains that nest forcing chains (level 2).
    #[test]
    fn walks_count_what_chain_of_lists(
        cands in proptest::collection::vec(0u16..512, 81),
        with_solution: bool,
    ) {
        let cands = puzzle_like(&cands, with_solution);
        let board = Board { values: [0; 81], cands };
        let mut budget = Budget::new(u64::MAX);
        let mut ch = Chainer::new(&board, &mut budget);
        ch.level = 2;
        for c in (0..729u16).filter(|&c| cands[cell_of(c)] & 1 << digit_of(c) != 0).step_by(3) {
            for on in [true, false] {
                let src = ch.push(c, on, &[]);
                ch.chain(src, true, true);
            }
        }
        let (mut walk, mut listed) = (Walk::default(), Vec::new());
        for n in 0..ch.buf.nodes.len() as u32 {
            listed.clear();
            ch.chain_of(n, &mut listed);
            walk.nested.clear();
            proptest::prop_assert_eq!(ch.walk(n, &mut walk, true) as usize, listed.len());
            let nested = listed.iter().map(|&p| ch.buf.nodes[p as usize].nested).filter(|&i| i != NONE);
            proptest::prop_assert!(walk.nested.iter().copied().eq(nested));
        }
    }
}
