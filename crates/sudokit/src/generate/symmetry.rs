//! Symmetries of the pattern of givens.
//!
//! A symmetry is a map on cells; a puzzle is symmetric when each given's image is a given too. The
//! digits play no part, and the map need not respect boxes (a 90° turn of a 6×6 board with 2×3 boxes
//! is still a fine pattern), so every symmetry works on every square board. Clues are added and
//! removed one *orbit* (a cell with all its images) at a time, which keeps the pattern symmetric.

use std::fmt;
use std::str::FromStr;

use rand::Rng;

use crate::grid::{Cell, Grid, Shape};

/// The symmetry of the pattern of givens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Symmetry {
    /// No constraint on the pattern.
    #[default]
    None,
    /// Unchanged by a half turn about the centre (the most common newspaper symmetry).
    Rotate180,
    /// Unchanged by a quarter turn.
    Rotate90,
    /// Unchanged by a left–right reflection (about the vertical axis).
    Mirror,
    /// Unchanged by an up–down reflection (about the horizontal axis).
    Flip,
    /// Unchanged by a reflection in the main diagonal.
    Diagonal,
    /// One of the five symmetries above, drawn for each puzzle.
    Random,
}

impl Symmetry {
    /// Every symmetry, in the order the CLI lists them.
    pub const ALL: [Symmetry; 7] = [
        Symmetry::None,
        Symmetry::Rotate180,
        Symmetry::Rotate90,
        Symmetry::Mirror,
        Symmetry::Flip,
        Symmetry::Diagonal,
        Symmetry::Random,
    ];

    /// Every concrete symmetry with a constraint (what [`Symmetry::Random`] draws from).
    pub const SYMMETRIC: [Symmetry; 5] =
        [Symmetry::Rotate180, Symmetry::Rotate90, Symmetry::Mirror, Symmetry::Flip, Symmetry::Diagonal];

    /// The name the CLI uses: `none`, `rotate180`, `rotate90`, `mirror`, `flip`, `diagonal`, `random`.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotate180 => "rotate180",
            Symmetry::Rotate90 => "rotate90",
            Symmetry::Mirror => "mirror",
            Symmetry::Flip => "flip",
            Symmetry::Diagonal => "diagonal",
            Symmetry::Random => "random",
        }
    }

    /// The concrete symmetry to use: [`Symmetry::Random`] draws one, the others stay.
    pub fn resolve<R: Rng + ?Sized>(self, rng: &mut R) -> Symmetry {
        match self {
            Symmetry::Random => Symmetry::SYMMETRIC[rng.random_range(0..Symmetry::SYMMETRIC.len())],
            s => s,
        }
    }

    /// The image of cell (`r`, `c`) on a board of side `n`; `None` has the identity, and so does
    /// `Random`, which must be resolved first.
    fn image(self, r: usize, c: usize, n: usize) -> (usize, usize) {
        match self {
            Symmetry::None | Symmetry::Random => (r, c),
            Symmetry::Rotate180 => (n - 1 - r, n - 1 - c),
            Symmetry::Rotate90 => (c, n - 1 - r),
            Symmetry::Mirror => (r, n - 1 - c),
            Symmetry::Flip => (n - 1 - r, c),
            Symmetry::Diagonal => (c, r),
        }
    }

    /// The orbits of the cells (each cell with all its images), each in cell order, ordered by their
    /// first cell. `Random` gives single cells; resolve it first.
    pub fn orbits(self, shape: Shape) -> Vec<Vec<Cell>> {
        let raw = self.orbit_indices(shape);
        raw.into_iter().map(|o| o.into_iter().map(|c| Cell::from_index(c as usize)).collect()).collect()
    }

    /// [`Symmetry::orbits`] as 0-based cell indices, the generator's compact form.
    pub(crate) fn orbit_indices(self, shape: Shape) -> Vec<Vec<u16>> {
        let n = shape.side();
        let mut seen = vec![false; n * n];
        let mut out = Vec::new();
        for i in 0..n * n {
            if seen[i] {
                continue;
            }
            let mut orbit = Vec::with_capacity(4);
            let (mut r, mut c) = (i / n, i % n);
            loop {
                let j = r * n + c;
                if seen[j] {
                    break;
                }
                seen[j] = true;
                orbit.push(j as u16);
                (r, c) = self.image(r, c, n);
            }
            orbit.sort_unstable();
            out.push(orbit);
        }
        out
    }

    /// Whether the givens of `grid` form a pattern with this symmetry (always true for `None`; `Random`
    /// asks whether any of the five symmetries holds).
    pub fn holds(self, grid: &Grid) -> bool {
        if self == Symmetry::Random {
            return Symmetry::SYMMETRIC.iter().any(|s| s.holds(grid));
        }
        let n = grid.shape().side();
        let v = grid.values();
        (0..n * n).all(|i| {
            let (r, c) = self.image(i / n, i % n, n);
            (v[i] == 0) == (v[r * n + c] == 0)
        })
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a symmetry.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown symmetry `{0}` (expected none, rotate180, rotate90, mirror, flip, diagonal or random)")]
pub struct UnknownSymmetry(pub String);

impl FromStr for Symmetry {
    type Err = UnknownSymmetry;
    fn from_str(s: &str) -> Result<Symmetry, UnknownSymmetry> {
        Symmetry::ALL.into_iter().find(|x| x.name() == s).ok_or_else(|| UnknownSymmetry(s.to_string()))
    }
}
