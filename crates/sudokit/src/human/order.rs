//! The order in which a finder reports its steps: HoDoKu's. Each deduction (set of placements and
//! eliminations) once, with its shortest chain; then most results first, then the smallest weighted
//! index sum of the eliminations (HoDoKu's tie-break), then the shortest chain. The step solver takes
//! the first step a finder reports, so this order decides which of several steps a path shows.

use std::collections::HashMap;
use std::ops::ControlFlow;

use super::finder::Sink;
use super::step::{Candidate, Step};

/// Sends `steps` to `sink` once per elimination set, in HoDoKu's order (see the [module docs](self)).
pub(crate) fn emit_sorted(steps: Vec<Step>, sink: Sink<'_>) -> ControlFlow<()> {
    let mut best: HashMap<(Vec<Candidate>, Vec<Candidate>), (usize, Step)> = HashMap::new();
    for (i, mut step) in steps.into_iter().enumerate() {
        step.normalize();
        let key = (step.placements.clone(), step.eliminations.clone());
        match best.get(&key) {
            Some((_, old)) if chain_len(old) <= chain_len(&step) => {}
            _ => {
                best.insert(key, (i, step));
            }
        }
    }
    let mut steps: Vec<(usize, Step)> = best.into_values().collect();
    steps.sort_by_key(|(i, s)| {
        (std::cmp::Reverse(s.eliminations.len() + s.placements.len()), index_sum(s), chain_len(s), *i)
    });
    for (_, step) in steps {
        sink(step)?;
    }
    ControlFlow::Continue(())
}

fn chain_len(step: &Step) -> usize {
    step.pattern.chains.iter().map(|c| c.links.len()).sum()
}

/// HoDoKu's tie-break between steps with as many eliminations: a weighted sum of the eliminated
/// candidates, in cell order.
fn index_sum(step: &Step) -> usize {
    let mut elims = step.eliminations.clone();
    elims.sort_unstable_by_key(|c| (c.cell, c.digit));
    elims.iter().enumerate().map(|(i, c)| c.cell.index() * (1 + 80 * i) + c.digit.get() as usize).sum()
}
