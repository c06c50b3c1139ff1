//! Sudoku Explainer's chaining rules by nesting level: the base difficulty and names of the
//! dynamic chains at each level, the rules each level nests, and the length bonus every chain's
//! difficulty adds to its technique's base.

/// Sudoku Explainer's length bonus: +0.1 each time `complexity - 2` passes 4, 6, 8, 12, 16, 24,
/// 32, 48, … (the bound grows by ×3/2 and ×4/3 in turn). Summed as doubles, as it does.
pub(crate) fn length_bonus(complexity: u32) -> f64 {
    let mut added = 0.0;
    let mut ceil: i64 = 4;
    let length = i64::from(complexity) - 2;
    let mut odd = false;
    while length > ceil {
        added += 0.1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

/// Which of Sudoku Explainer's chaining rules runs.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) enum Multi {
    /// Nishio forcing chains (7.5): X-links only, dynamic, contradictions only.
    Nishio,
    /// Static cell and region forcing chains (8.0).
    Multiple,
    /// Dynamic forcing chains: contradictions, double implications, cells and regions, at a
    /// nesting level: 0 plain (8.5); 1 (9.0, "Dynamic Forcing Chains (+)") when the implications
    /// may also go through intersections, hidden and naked pairs and X-Wings; 2 to 5 (9.5, 10.0,
    /// 10.5, 11.0) when they may also go through whole chains (see [`nested_rules`]).
    Dynamic(u8),
}

/// The highest nesting level Sudoku Explainer has.
pub(crate) const MAX_LEVEL: u8 = 5;

/// Sudoku Explainer's names of the dynamic chains by nesting level (its `getNestedSuffix`):
/// contradiction, double, cell, region.
pub(crate) const DYNAMIC_NAMES: [[&str; 4]; 6] = [
    [
        "Dynamic Contradiction Forcing Chains",
        "Dynamic Double Forcing Chains",
        "Dynamic Cell Forcing Chains",
        "Dynamic Region Forcing Chains",
    ],
    [
        "Dynamic Contradiction Forcing Chains (+)",
        "Dynamic Double Forcing Chains (+)",
        "Dynamic Cell Forcing Chains (+)",
        "Dynamic Region Forcing Chains (+)",
    ],
    [
        "Dynamic Contradiction Forcing Chains (+ Forcing Chains)",
        "Dynamic Double Forcing Chains (+ Forcing Chains)",
        "Dynamic Cell Forcing Chains (+ Forcing Chains)",
        "Dynamic Region Forcing Chains (+ Forcing Chains)",
    ],
    [
        "Dynamic Contradiction Forcing Chains (+ Multiple Forcing Chains)",
        "Dynamic Double Forcing Chains (+ Multiple Forcing Chains)",
        "Dynamic Cell Forcing Chains (+ Multiple Forcing Chains)",
        "Dynamic Region Forcing Chains (+ Multiple Forcing Chains)",
    ],
    [
        "Dynamic Contradiction Forcing Chains (+ Dynamic Forcing Chains)",
        "Dynamic Double Forcing Chains (+ Dynamic Forcing Chains)",
        "Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains)",
        "Dynamic Region Forcing Chains (+ Dynamic Forcing Chains)",
    ],
    [
        "Dynamic Contradiction Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))",
        "Dynamic Double Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))",
        "Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))",
        "Dynamic Region Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))",
    ],
];

/// The base difficulty of dynamic chains at a nesting level (Sudoku Explainer's
/// `Chaining.getDifficulty`): 8.5, 9.0, then 9.5 + 0.5 per level above 2.
pub(crate) fn dynamic_base(level: u8) -> f64 {
    if level >= 2 {
        9.5 + 0.5 * f64::from(level - 2)
    } else {
        8.5 + 0.5 * f64::from(level)
    }
}

/// A chaining rule used inside a nested dynamic chain (Sudoku Explainer's `otherRules`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) enum Nested {
    /// "Forcing Chains & Cycles".
    Chains,
    /// Cell and region forcing chains, static or dynamic.
    Multi(Multi),
}

/// The chaining rules a dynamic chain of nesting `level` may use once intersections, pairs and
/// X-Wings find nothing, in order (Sudoku Explainer's `getAdvancedPotentials`): forcing chains
/// (level 2), multiple forcing chains (3), dynamic forcing chains (4), and from 5 on dynamic
/// forcing chains again, then dynamic chains of level `level - 3`.
pub(super) fn nested_rules(level: u8) -> &'static [Nested] {
    match level {
        0 | 1 => &[],
        2 => &[Nested::Chains],
        3 => &[Nested::Chains, Nested::Multi(Multi::Multiple)],
        4 => &[Nested::Multi(Multi::Dynamic(0))],
        _ => &[Nested::Multi(Multi::Dynamic(0)), Nested::Multi(Multi::Dynamic(2))],
    }
}
