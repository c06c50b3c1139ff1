//! Steps: what a technique found and what it proves.
//!
//! A [`Step`] holds the [`Technique`], the [`Pattern`] (the cells, houses and digits it is built
//! from, with their roles: base and cover sets and fins for fish, chains of strongly and weakly
//! linked nodes, almost locked sets) and its results: placements and eliminations.
//!
//! # Text
//! One line in the notation of HoDoKu and the forums: the technique's name, the pattern, ` => ` and
//! the results, e.g. `Locked Candidates Type 1 (Pointing): 5 in b1 => r1c46<>5`. Everything after
//! the last `=>` is results only: placements `rXcY=D`, eliminations `rXcY<>D`, separated by `, `;
//! cells of one row may be grouped (`r1c46<>5`) on boards up to 9×9, where every number is one
//! character, and so may the digits of a set or a chain's node (`{125}`, `(12)r1c2`); above 9×9
//! the cells are written one by one and those digits separated by commas (`{1,2,12}`). A single
//! is written without pattern: `Naked Single: r3c4=7`. Chains are written in Eureka notation,
//! e.g. `(5)r1c2=(5)r3c2-(5)r3c7=(5)r9c7`. Killer steps give the cage, its sum and the ways it can
//! still be made (`Cage Combination: k7 3 = 1+2 => …`), or the houses and the innies or outies
//! with their total (`Innies: r1,r2: r2c3 = 4 => r2c3=4`). Digits are numbers; for a puzzle given
//! in hex or in letters, [`Step::text_in`] writes them in its symbols (`r1c6=B`), as its grids are.
//!
//! # JSON
//! [`Step`] serializes (with serde) to an object with these fields, which are stable:
//!
//! | field | type | meaning |
//! |---|---|---|
//! | `technique` | string | the technique's name, e.g. `"X-Wing"` |
//! | `code` | string or null | its library code, e.g. `"0300"` (null for brute force) |
//! | `text` | string | the one-line text above |
//! | `digits` | array of numbers | the digits of the pattern |
//! | `cells` | array of strings | the pattern's cells, e.g. `"r1c2"` |
//! | `houses` | array of strings | houses the pattern lives in: `r1`, `c2`, `b3` (box or jigsaw region), `d1`/`d2` (diagonals), `w1` (windows), `hw1` (hidden windows) |
//! | `base`, `cover` | arrays of strings | fish: base and cover houses |
//! | `fins`, `endo_fins` | arrays of candidates | fish: fins and endo fins |
//! | `chains` | array of chains | each `{"nodes": [{"cells": [...], "digits": [...]}], "links": ["strong" or "weak", ...]}`, one link between each pair of nodes |
//! | `sets` | array of sets | almost locked sets and other cell groups: `{"cells": [...], "digits": [...]}` |
//! | `total` | number or null | killer techniques: what the pattern's cells add up to |
//! | `placements` | array of candidates | cells solved by the step |
//! | `eliminations` | array of candidates | candidates removed by the step |
//!
//! A candidate is `{"cell": "r3c4", "digit": 7}`.

use std::fmt::{self, Write as _};

use serde::ser::{Serialize, Serializer};

use super::technique::Technique;
use crate::grid::{Cell, Digit, DigitSet, Shape, Symbols};
use crate::rules::HouseKind;

/// One digit in one cell: a placement, an elimination, a fin.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Candidate {
    /// The cell.
    pub cell: Cell,
    /// The digit.
    pub digit: Digit,
}

impl Candidate {
    /// The candidate `digit` in `cell`.
    pub fn new(cell: Cell, digit: Digit) -> Candidate {
        Candidate { cell, digit }
    }
}

/// How two nodes of a chain are linked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum LinkKind {
    /// If the first node is false the second is true (`=` in Eureka notation).
    Strong,
    /// If the first node is true the second is false (`-` in Eureka notation).
    Weak,
}

/// A node of a chain: one candidate, a group of cells sharing a digit in one house, or an almost
/// locked set. The node is "true" when one of its cells holds one of its digits.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Node {
    /// The node's cells (one for a plain candidate).
    pub cells: Vec<Cell>,
    /// The node's digits (one for a candidate or a group).
    pub digits: DigitSet,
}

impl Node {
    /// The node of one candidate.
    pub fn candidate(cell: Cell, digit: Digit) -> Node {
        Node { cells: vec![cell], digits: DigitSet::single(digit) }
    }
}

/// A chain: nodes with a link between each consecutive pair (`links.len() == nodes.len() - 1`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Chain {
    /// The nodes, in order.
    pub nodes: Vec<Node>,
    /// The links between consecutive nodes.
    pub links: Vec<LinkKind>,
}

impl Chain {
    /// The chain in Eureka notation, on a board of `shape`, with the digits in `symbols`:
    /// `(5)r1c2=(5)r3c2-(5)r3c7`.
    ///
    /// ```
    /// use sudokit::human::{Chain, LinkKind, Node};
    /// use sudokit::{Cell, Digit, Shape, Symbols};
    ///
    /// let s = Shape::CLASSIC;
    /// let node = |i, d| {
    ///     Node::candidate(Cell::new_checked(i, s).expect("cell"), Digit::new_checked(d, s).expect("digit"))
    /// };
    /// let nodes = vec![node(1, 5), node(19, 5), node(24, 5)];
    /// let chain = Chain { nodes, links: vec![LinkKind::Strong, LinkKind::Weak] };
    /// assert_eq!(chain.text_in(s, Symbols::Standard), "(5)r1c2=(5)r3c2-(5)r3c7");
    /// ```
    pub fn text_in(&self, shape: Shape, symbols: Symbols) -> String {
        chain_text(self, shape, symbols)
    }
}

/// A group of cells with digits that plays a role of its own: an almost locked set, the cells of a
/// Sue de Coq, a subset.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct CellGroup {
    /// The cells.
    pub cells: Vec<Cell>,
    /// The digits.
    pub digits: DigitSet,
}

/// What a step is built from, with the roles the technique gives each part. Fields a technique does
/// not use stay empty.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Pattern {
    /// The digits of the pattern.
    pub digits: DigitSet,
    /// The pattern's cells (the subset, the wing's pivot and pincers, the rectangle's corners).
    pub cells: Vec<Cell>,
    /// The houses the pattern lives in (the house of a subset or a hidden single, the box of a
    /// pointing pair).
    pub houses: Vec<HouseKind>,
    /// Fish: the base sets.
    pub base: Vec<HouseKind>,
    /// Fish: the cover sets.
    pub cover: Vec<HouseKind>,
    /// Fish: the fins (candidates in the base outside the cover).
    pub fins: Vec<Candidate>,
    /// Fish: endo fins (candidates in two base sets).
    pub endo_fins: Vec<Candidate>,
    /// Chains and loops.
    pub chains: Vec<Chain>,
    /// Almost locked sets and other groups; for Cage Combination, the sets of digits the cage can
    /// still hold (each with the cage's cells); for Cage Interaction, those of each cage of the
    /// house in turn.
    pub sets: Vec<CellGroup>,
    /// Killer techniques: the total the pattern's cells add up to (the cage's sum, or what the
    /// innies or outies add up to, less the digits already placed among them).
    pub total: Option<u32>,
}

/// A deduction: the technique, its pattern, and what it proves.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// The board shape, for cell names.
    pub shape: Shape,
    /// What the step is built from.
    pub pattern: Pattern,
    /// The cells it solves.
    pub placements: Vec<Candidate>,
    /// The candidates it removes.
    pub eliminations: Vec<Candidate>,
}

impl Step {
    /// A step of `technique` with an empty pattern and no results yet.
    pub fn new(technique: Technique, shape: Shape) -> Step {
        Step {
            technique,
            shape,
            pattern: Pattern::default(),
            placements: Vec::new(),
            eliminations: Vec::new(),
        }
    }
    /// Whether the step proves anything.
    pub fn is_productive(&self) -> bool {
        !self.placements.is_empty() || !self.eliminations.is_empty()
    }
    /// Sorts the results and drops duplicates, so that equal deductions compare equal.
    pub fn normalize(&mut self) {
        self.placements.sort_unstable_by_key(|c| (c.digit, c.cell));
        self.placements.dedup();
        self.eliminations.sort_unstable_by_key(|c| (c.digit, c.cell));
        self.eliminations.dedup();
    }
    /// Where to look for this step, without giving it away, as `sudokit hint --level nudge` says it:
    /// `Look at ` and the houses of the pattern, else its cells, else the cells of the results.
    pub fn nudge(&self) -> String {
        let p = &self.pattern;
        let mut places: Vec<String> = p.houses.iter().chain(&p.base).map(|&h| house_name(h)).collect();
        if places.is_empty() {
            places = p.cells.iter().map(|c| c.name(self.shape)).collect();
        }
        if places.is_empty() {
            places =
                self.placements.iter().chain(&self.eliminations).map(|c| c.cell.name(self.shape)).collect();
        }
        places.dedup();
        format!("Look at {}", places.join(", "))
    }
    /// The results alone, as after ` => `: `r3c4=7` or `r1c46<>5, r2c3<>5`.
    pub fn results_text(&self) -> String {
        self.results_text_in(Symbols::Standard)
    }

    /// [`Step::results_text`] with the digits written in `symbols` (see [`Step::text_in`]).
    pub fn results_text_in(&self, symbols: Symbols) -> String {
        let mut parts = Vec::new();
        for p in &self.placements {
            parts.push(format!("{}={}", p.cell.name(self.shape), digit_text(p.digit, symbols)));
        }
        let mut elims = self.eliminations.clone();
        elims.sort_unstable_by_key(|c| (c.digit, c.cell));
        let mut i = 0;
        while i < elims.len() {
            let digit = elims[i].digit;
            let mut j = i;
            while j < elims.len() && elims[j].digit == digit {
                j += 1;
            }
            let cells: Vec<Cell> = elims[i..j].iter().map(|c| c.cell).collect();
            let digit = digit_text(digit, symbols);
            for group in row_groups(&cells, self.shape) {
                parts.push(format!("{group}<>{digit}"));
            }
            i = j;
        }
        parts.join(", ")
    }

    /// The pattern alone, as between the technique's name and ` => ` (empty for singles).
    pub fn pattern_text(&self) -> String {
        self.pattern_text_in(Symbols::Standard)
    }

    /// [`Step::pattern_text`] with the digits written in `symbols` (see [`Step::text_in`]).
    pub fn pattern_text_in(&self, symbols: Symbols) -> String {
        let s = self.shape;
        let p = &self.pattern;
        let mut out = String::new();
        if let Some(total) = p.total {
            return killer_text(p, total, s);
        }
        if self.technique == Technique::CageInteraction {
            return interaction_text(p);
        }
        let digits = digit_list(p.digits, "/", symbols);
        if !p.chains.is_empty() {
            let chains: Vec<String> = p.chains.iter().map(|c| chain_text(c, s, symbols)).collect();
            out.push_str(&chains.join(" ; "));
        } else if !p.base.is_empty() {
            let base: String = p.base.iter().map(|&h| house_name(h)).collect();
            let cover: String = p.cover.iter().map(|&h| house_name(h)).collect();
            let _ = write!(out, "{digits} {base} {cover}");
            if !p.fins.is_empty() {
                let fins: Vec<String> = p.fins.iter().map(|f| format!("f{}", f.cell.name(s))).collect();
                let _ = write!(out, " {}", fins.join(" "));
            }
            if !p.endo_fins.is_empty() {
                let fins: Vec<String> = p.endo_fins.iter().map(|f| format!("ef{}", f.cell.name(s))).collect();
                let _ = write!(out, " {}", fins.join(" "));
            }
        } else if !p.cells.is_empty() {
            let _ = write!(out, "{digits} in {}", compact_cells(&p.cells, s));
        } else if !p.houses.is_empty() && !p.digits.is_empty() {
            let houses: Vec<String> = p.houses.iter().map(|&h| house_name(h)).collect();
            let _ = write!(out, "{digits} in {}", houses.join(","));
        } else if matches!(self.technique, Technique::TemplateSet | Technique::TemplateDelete) {
            // A template step is about one digit everywhere on the board.
            out.push_str(&digits);
        }
        for set in &p.sets {
            if !out.is_empty() {
                out.push(' ');
            }
            let _ = write!(out, "{} {{{}}}", compact_cells(&set.cells, s), digit_run(set.digits, s, symbols));
        }
        out
    }
}

/// A killer step's pattern: `k3 17 = 1+7+9 | 2+6+9` (a cage: its sum and the ways it can still be
/// made) or `r1,r2,r3: r3c45 = 14` (innies or outies: the houses, the open cells, their total).
fn killer_text(p: &Pattern, total: u32, shape: Shape) -> String {
    let houses = house_run(&p.houses);
    if p.sets.is_empty() {
        return format!("{houses}: {} = {total}", compact_cells(&p.cells, shape));
    }
    // Sums are arithmetic: their terms are numbers in every alphabet.
    let ways: Vec<String> = p.sets.iter().map(|g| digit_list(g.digits, "+", Symbols::Standard)).collect();
    format!("{houses} {total} = {}", ways.join(" | "))
}

/// Cage Interaction's pattern: `r2: k4 8 = 2+6, k9 11 = 3+8 | 4+7` (the house, then each cage wholly
/// inside with its sum and the combinations left).
fn interaction_text(p: &Pattern) -> String {
    let mut cages = Vec::new();
    let mut sets = p.sets.iter().peekable();
    for &cage in p.houses.iter().skip(1) {
        let mut ways = Vec::new();
        let mut sum = 0;
        while let Some(g) = sets.next() {
            sum = g.digits.iter().map(|d| u32::from(d.get())).sum();
            ways.push(digit_list(g.digits, "+", Symbols::Standard));
            // The combinations of one cage come together, with its cells.
            if sets.peek().is_none_or(|next| next.cells != g.cells) {
                break;
            }
        }
        cages.push(format!("{} {sum} = {}", house_name(cage), ways.join(" | ")));
    }
    let house = p.houses.first().map_or_else(String::new, |&h| house_name(h));
    format!("{house}: {}", cages.join(", "))
}

/// Houses by name, comma-separated (`r1,r2`), or three or more adjacent rows, columns or boxes as
/// a range (`r1-6`).
fn house_run(houses: &[HouseKind]) -> String {
    let index = |h: &HouseKind| match *h {
        HouseKind::Row(i) | HouseKind::Col(i) | HouseKind::Box(i) => Some(usize::from(i)),
        _ => None,
    };
    let adjacent = houses.windows(2).all(|w| {
        std::mem::discriminant(&w[0]) == std::mem::discriminant(&w[1])
            && index(&w[0]).zip(index(&w[1])).is_some_and(|(a, b)| b == a + 1)
    });
    match (houses.first(), houses.last().and_then(index)) {
        (Some(&first), Some(last)) if houses.len() >= 3 && adjacent => {
            format!("{}-{}", house_name(first), last + 1)
        }
        _ => houses.iter().map(|&h| house_name(h)).collect::<Vec<_>>().join(","),
    }
}

/// `Technique: pattern => results`, or `Technique: results` when the pattern is empty; the
/// digits as numbers ([`Step::text_in`] writes them in other symbols).
impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text_in(Symbols::Standard))
    }
}

impl Step {
    /// The step's one-line text (as `Display` writes it) with the digits written in `symbols`:
    /// as numbers for [`Symbols::Standard`] (`r1c6=12` above 9×9, as the forums write digits
    /// beside row and column numbers), else in the symbols a puzzle given in hex or in letters
    /// was written in, as its grids are (`r1c6=B` in hex, `r1c6=L` in letters). A killer cage's
    /// sums keep numbers for their terms (`k3 17 = 1+7+9`).
    ///
    /// ```
    /// use sudokit::human::{Candidate, Step, Technique};
    /// use sudokit::{Cell, Digit, Shape, Symbols};
    /// let shape = Shape::for_side(16)?;
    /// let mut step = Step::new(Technique::NakedSingle, shape);
    /// let (cell, digit) = (Cell::new_checked(5, shape), Digit::new_checked(12, shape));
    /// step.placements.extend(cell.zip(digit).map(|(c, d)| Candidate::new(c, d)));
    /// assert_eq!(step.to_string(), "Naked Single: r1c6=12");
    /// assert_eq!(step.text_in(Symbols::Hex), "Naked Single: r1c6=B");
    /// assert_eq!(step.text_in(Symbols::Letters), "Naked Single: r1c6=L");
    /// # Ok::<(), sudokit::GridError>(())
    /// ```
    pub fn text_in(&self, symbols: Symbols) -> String {
        let pattern = self.pattern_text_in(symbols);
        let results = self.results_text_in(symbols);
        let single = matches!(
            self.technique,
            Technique::FullHouse | Technique::NakedSingle | Technique::HiddenSingle | Technique::BruteForce
        );
        if single || (pattern.is_empty() && self.eliminations.is_empty()) {
            format!("{}: {results}", self.technique)
        } else {
            format!("{}: {pattern} => {results}", self.technique)
        }
    }
}

/// The short name of a house as the forums write it: `r1`, `c2`, `b3`, `d1`, `w1` (and `hw1` for a
/// hidden window of the hyper rules).
pub fn house_name(kind: HouseKind) -> String {
    match kind {
        HouseKind::Row(i) => format!("r{}", i + 1),
        HouseKind::Col(i) => format!("c{}", i + 1),
        HouseKind::Box(i) | HouseKind::Region(i) => format!("b{}", i + 1),
        HouseKind::Diagonal(i) => format!("d{}", i + 1),
        HouseKind::Window(i) => format!("w{}", i + 1),
        HouseKind::HiddenWindow(i) => format!("hw{}", i + 1),
        HouseKind::Cage(i) => format!("k{}", i + 1),
        // `HouseKind` may grow; a new kind still gets a readable name.
        #[allow(unreachable_patterns)]
        other => other.to_string(),
    }
}

/// A digit in a step's text: its number in the standard symbols, else its symbol.
fn digit_text(d: Digit, symbols: Symbols) -> String {
    symbols.digit_text(d.get())
}

fn digit_list(digits: DigitSet, sep: &str, symbols: Symbols) -> String {
    digits.iter().map(|d| digit_text(d, symbols)).collect::<Vec<_>>().join(sep)
}

/// Digits written together (`125`) where every number is one character; above 9×9 separated by
/// commas, as `11` could otherwise be one digit or two.
fn digit_run(digits: DigitSet, shape: Shape, symbols: Symbols) -> String {
    digit_list(digits, if shape.side() > 9 { "," } else { "" }, symbols)
}

/// Cells of one row written together (`r1c46`) where every number is one character; otherwise
/// each cell by name.
fn row_groups(cells: &[Cell], shape: Shape) -> Vec<String> {
    if shape.side() > 9 {
        return cells.iter().map(|c| c.name(shape)).collect();
    }
    let mut rows: Vec<(usize, String)> = Vec::new();
    for &c in cells {
        let (r, col) = (c.row(shape) + 1, c.col(shape) + 1);
        match rows.iter_mut().find(|(row, _)| *row == r) {
            Some((_, cols)) => cols.push_str(&col.to_string()),
            None => rows.push((r, col.to_string())),
        }
    }
    rows.into_iter().map(|(r, cols)| format!("r{r}c{cols}")).collect()
}

/// A list of cells: `r1c23` when they share a row, `r12c3` when they share a column, otherwise
/// the cells one by one, comma-separated.
fn compact_cells(cells: &[Cell], shape: Shape) -> String {
    if cells.len() > 1 && shape.side() <= 9 {
        let row = cells[0].row(shape);
        let col = cells[0].col(shape);
        if cells.iter().all(|c| c.row(shape) == row) {
            let cols: String = cells.iter().map(|c| (c.col(shape) + 1).to_string()).collect();
            return format!("r{}c{cols}", row + 1);
        }
        if cells.iter().all(|c| c.col(shape) == col) {
            let rows: String = cells.iter().map(|c| (c.row(shape) + 1).to_string()).collect();
            return format!("r{rows}c{}", col + 1);
        }
    }
    cells.iter().map(|c| c.name(shape)).collect::<Vec<_>>().join(",")
}

/// A chain in Eureka notation: `(5)r1c2=(5)r3c2-(5)r3c7`.
fn chain_text(chain: &Chain, shape: Shape, symbols: Symbols) -> String {
    let mut out = String::new();
    for (i, node) in chain.nodes.iter().enumerate() {
        if i > 0 {
            out.push(match chain.links.get(i - 1) {
                Some(LinkKind::Strong) => '=',
                _ => '-',
            });
        }
        let _ =
            write!(out, "({}){}", digit_run(node.digits, shape, symbols), compact_cells(&node.cells, shape));
    }
    out
}

// The JSON form: plain names and numbers, built from the step (see the module docs for the fields).
#[derive(serde::Serialize)]
struct CandidateJson {
    cell: String,
    digit: u8,
}

#[derive(serde::Serialize)]
struct GroupJson {
    cells: Vec<String>,
    digits: Vec<u8>,
}

/// A chain as the JSON of a step gives it: `{"nodes": [{"cells", "digits"}], "links"}`.
#[derive(serde::Serialize)]
pub(crate) struct ChainJson {
    nodes: Vec<GroupJson>,
    links: Vec<LinkKind>,
}

impl ChainJson {
    /// `chain` on a board of `shape`.
    pub(crate) fn of(chain: &Chain, shape: Shape) -> ChainJson {
        let group = |n: &Node| GroupJson {
            cells: n.cells.iter().map(|c| c.name(shape)).collect(),
            digits: n.digits.iter().map(Digit::get).collect(),
        };
        ChainJson { nodes: chain.nodes.iter().map(group).collect(), links: chain.links.clone() }
    }
}

#[derive(serde::Serialize)]
struct StepJson {
    technique: &'static str,
    code: Option<&'static str>,
    text: String,
    digits: Vec<u8>,
    cells: Vec<String>,
    houses: Vec<String>,
    base: Vec<String>,
    cover: Vec<String>,
    fins: Vec<CandidateJson>,
    endo_fins: Vec<CandidateJson>,
    chains: Vec<ChainJson>,
    sets: Vec<GroupJson>,
    total: Option<u32>,
    placements: Vec<CandidateJson>,
    eliminations: Vec<CandidateJson>,
}

impl Serialize for Step {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let s = self.shape;
        let names = |cells: &[Cell]| cells.iter().map(|c| c.name(s)).collect::<Vec<_>>();
        let digits = |set: DigitSet| set.iter().map(Digit::get).collect::<Vec<_>>();
        let cands = |list: &[Candidate]| {
            list.iter()
                .map(|c| CandidateJson { cell: c.cell.name(s), digit: c.digit.get() })
                .collect::<Vec<_>>()
        };
        let group = |cells: &[Cell], set: DigitSet| GroupJson { cells: names(cells), digits: digits(set) };
        let p = &self.pattern;
        StepJson {
            technique: self.technique.name(),
            code: self.technique.code(),
            text: self.to_string(),
            digits: digits(p.digits),
            cells: names(&p.cells),
            houses: p.houses.iter().map(|&h| house_name(h)).collect(),
            base: p.base.iter().map(|&h| house_name(h)).collect(),
            cover: p.cover.iter().map(|&h| house_name(h)).collect(),
            fins: cands(&p.fins),
            endo_fins: cands(&p.endo_fins),
            chains: p.chains.iter().map(|c| ChainJson::of(c, s)).collect(),
            sets: p.sets.iter().map(|g| group(&g.cells, g.digits)).collect(),
            total: p.total,
            placements: cands(&self.placements),
            eliminations: cands(&self.eliminations),
        }
        .serialize(serializer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(r: usize, c: usize) -> Cell {
        Cell::new_checked((r - 1) * 9 + c - 1, Shape::CLASSIC).expect("cell")
    }
    fn digit(d: u8) -> Digit {
        Digit::new_checked(d, Shape::CLASSIC).expect("digit")
    }

    #[test]
    fn text_follows_the_forum_notation() {
        let mut step = Step::new(Technique::LockedCandidates1, Shape::CLASSIC);
        step.pattern.digits = DigitSet::single(digit(5));
        step.pattern.houses = vec![HouseKind::Box(0)];
        step.eliminations = vec![Candidate::new(cell(1, 6), digit(5)), Candidate::new(cell(1, 4), digit(5))];
        assert_eq!(step.to_string(), "Locked Candidates Type 1 (Pointing): 5 in b1 => r1c46<>5");
        let mut single = Step::new(Technique::NakedSingle, Shape::CLASSIC);
        single.placements.push(Candidate::new(cell(3, 4), digit(7)));
        assert_eq!(single.to_string(), "Naked Single: r3c4=7");
        let json = serde_json::to_value(&single).expect("serializes");
        assert_eq!(json["technique"], "Naked Single");
        assert_eq!(json["code"], "0003");
        assert_eq!(json["placements"][0]["cell"], "r3c4");
        assert_eq!(json["placements"][0]["digit"], 7);
    }

    #[test]
    fn digits_above_9x9_are_separated() {
        // On 16×16, `{1212}` could be 1, 2, 12 or 12, 12: the digits of sets and nodes are
        // separated there, and still written together on 9×9.
        for (shape, set, node) in
            [(Shape::CLASSIC, "{129}", "(12)"), (Shape::new(4, 4).expect("16x16"), "{1,2,12}", "(1,2)")]
        {
            let digits = |ds: &[u8]| -> DigitSet {
                ds.iter().map(|&d| Digit::new_checked(d, shape).expect("digit")).collect()
            };
            let at = |i: usize| Cell::new_checked(i, shape).expect("cell");
            let mut step = Step::new(Technique::AlsXz, shape);
            let ds = if shape.side() > 9 { [1, 2, 12] } else { [1, 2, 9] };
            step.pattern.sets.push(CellGroup { cells: vec![at(0), at(1)], digits: digits(&ds) });
            step.pattern.chains.push(Chain {
                nodes: vec![
                    Node { cells: vec![at(2)], digits: digits(&[1, 2]) },
                    Node { cells: vec![at(3)], digits: digits(&[2]) },
                ],
                links: vec![LinkKind::Strong],
            });
            step.eliminations.push(Candidate::new(at(4), digits(&[2]).iter().next().expect("a digit")));
            let text = step.to_string();
            assert!(text.contains(set), "{text}");
            assert!(
                text.contains(&format!("{node}{}=(2){}", at(2).name(shape), at(3).name(shape))),
                "{text}"
            );
            assert_eq!(step.text_in(Symbols::Standard), text);
            if shape.side() > 9 {
                // In the puzzle's own symbols: hex `0` is 1, letters `A` is 1.
                let hex = step.text_in(Symbols::Hex);
                assert!(
                    hex.contains("{0,1,B}") && hex.contains("(0,1)r1c3=(1)r1c4") && hex.ends_with("<>1"),
                    "{hex}"
                );
                let letters = step.text_in(Symbols::Letters);
                assert!(letters.contains("{A,B,L}") && letters.ends_with("r1c5<>B"), "{letters}");
            }
        }
    }

    #[test]
    fn killer_sums_keep_numbers_in_every_alphabet() {
        let mut step = Step::new(Technique::CageCombination, Shape::CLASSIC);
        step.pattern.total = Some(3);
        step.pattern.houses = vec![HouseKind::Cage(6)];
        step.pattern.cells = vec![cell(1, 1), cell(1, 2)];
        step.pattern.sets.push(CellGroup {
            cells: step.pattern.cells.clone(),
            digits: [1, 2].map(digit).into_iter().collect(),
        });
        step.eliminations.push(Candidate::new(cell(1, 1), digit(3)));
        assert_eq!(step.text_in(Symbols::Letters), "Cage Combination: k7 3 = 1+2 => r1c1<>C");
    }

    #[test]
    fn runs_of_adjacent_houses_print_as_ranges() {
        use HouseKind::{Box, Col, Row};
        assert_eq!(house_run(&[Row(0), Row(1), Row(2)]), "r1-3");
        assert_eq!(house_run(&[Col(9), Col(10), Col(11), Col(12)]), "c10-13");
        assert_eq!(house_run(&[Row(0), Row(1)]), "r1,r2");
        assert_eq!(house_run(&[Col(0), Col(2), Col(3)]), "c1,c3,c4");
        assert_eq!(house_run(&[Box(3), Box(6)]), "b4,b7");
        assert_eq!(house_run(&[Row(4)]), "r5");
    }

    #[test]
    fn chains_print_in_eureka_notation() {
        let mut step = Step::new(Technique::XChain, Shape::CLASSIC);
        step.pattern.chains.push(Chain {
            nodes: vec![Node::candidate(cell(1, 2), digit(5)), Node::candidate(cell(3, 2), digit(5))],
            links: vec![LinkKind::Strong],
        });
        step.eliminations.push(Candidate::new(cell(2, 2), digit(5)));
        assert_eq!(step.to_string(), "X-Chain: (5)r1c2=(5)r3c2 => r2c2<>5");
        let json = serde_json::to_value(&step).expect("serializes");
        assert_eq!(json["chains"][0]["links"][0], "strong");
    }
}
