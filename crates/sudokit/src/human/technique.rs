//! The techniques: every solution type of HoDoKu 2.2 with its name, its four-digit library code (the
//! code HoDoKu's regression library `reglib` and its exemplar files use), its short argument name,
//! its place in HoDoKu's default solving order and whether HoDoKu enables it by default.
//!
//! Source of the table: HoDoKu's public design documents and its `SolutionType`/`StepConfig` lists
//! (names, library codes, order indices, default switches), read, not copied. Two additions follow
//! the issue's list of families: WXYZ-Wing (reglib's header reserves code `0802` for it; HoDoKu 2.2
//! has no finder, so it is off by default to keep paths comparable) and the families HoDoKu searches
//! under one umbrella entry (`Nice Loop/AIC`, `Simple Colors`, `Forcing Chain`, …) appear here as
//! their concrete types, ordered one after the other at the umbrella's place.
//!
//! Killer puzzles add four techniques that HoDoKu (classic rules only) does not have, so they have
//! no library code:
//! - **Cage Combination** (`kc`): the ways a cage's sum splits into different digits that fit its
//!   cells' candidates. A candidate that no way puts in its cell goes; a digit in every way leaves
//!   the cells outside that see all the cage's cells that can hold it; a cage's last open cell is
//!   placed.
//! - **Innies** (`kin`) and **Outies** (`kout`), the rule of 45: whole houses taken together (each
//!   house, runs of adjacent rows, of adjacent columns, of adjacent boxes in a band or a stack) add
//!   up to 45 a house on 9×9. Less the cages wholly inside, the cells left (innies) add up to the
//!   rest; the cells outside of the cages that cross the edge (outies) add up to those cages' sums
//!   less the innies' total. A group of up to four open cells with its total is then searched as a
//!   cage whose digits differ only where its cells see each other.
//! - **Cage Interaction** (`kci`): the cages wholly inside one house cannot share a digit, and the
//!   digits they leave must fit the house's other cells; a combination with no such choice of the
//!   others' goes, with the candidates only it allowed, and the other cells keep the digits some
//!   choice leaves them. `r2: k1 8 = 2+6` when a cell of row 2 outside the cage can only be 3 or
//!   5.
//!
//! The first three come right after the singles, where a killer player looks first; Cage
//! Interaction comes after the classic subsets (its search of a whole house would otherwise find
//! the house's naked and hidden subsets too). Without cages they find nothing, so classic paths are
//! HoDoKu's.
//!
//! Techniques are named by HoDoKu's name, its library code or its short name, and by a few other
//! names players use for them (Sudoku Explainer's among them): "Pointing", "Claiming", "Box/Line
//! Reduction", "Y-Wing", "BUG+1", "Unique Rectangle Type N". A [`Family`] names several at once
//! ([`Techniques`] reads either); a name that matches none is answered with the closest ones.
//!
//! ```
//! use sudokit::human::Technique;
//! let t: Technique = "0100".parse()?;
//! assert_eq!(t, Technique::LockedCandidates1);
//! assert_eq!(t.name(), "Locked Candidates Type 1 (Pointing)");
//! assert_eq!("x-wing".parse::<Technique>()?, Technique::XWing);
//! assert_eq!("bf2".parse::<Technique>()?.code(), Some("0300"));
//! # Ok::<(), sudokit::human::UnknownTechnique>(())
//! ```

use std::fmt;
use std::str::FromStr;

/// What HoDoKu's table says about one technique.
struct Info {
    name: &'static str,
    code: Option<&'static str>,
    short: &'static str,
    order: u32,
    enabled: bool,
}

macro_rules! techniques {
    ($( $var:ident = ($name:literal, $code:expr, $short:literal, $order:literal, $enabled:literal), )*) => {
        /// A solving technique, one per HoDoKu solution type (see the [module docs](crate::human::technique)).
        ///
        /// `Display` prints HoDoKu's name; [`FromStr`] reads the name (any case, spaces or dashes),
        /// the library code (`0100`), the short name (`lc1`) or another name players use
        /// (`Pointing`).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
        #[non_exhaustive]
        pub enum Technique {
            $( #[doc = $name] #[serde(rename = $name)] $var, )*
        }

        impl Technique {
            /// Every technique, in declaration order (see [`Technique::default_order`] for the
            /// solving order).
            pub const ALL: &'static [Technique] = &[$(Technique::$var,)*];

            fn info(self) -> Info {
                match self {
                    $(Technique::$var => Info { name: $name, code: $code, short: $short, order: $order, enabled: $enabled },)*
                }
            }
        }
    };
}

techniques! {
    FullHouse = ("Full House", Some("0000"), "fh", 100, true),
    NakedSingle = ("Naked Single", Some("0003"), "n1", 200, true),
    HiddenSingle = ("Hidden Single", Some("0002"), "h1", 300, true),
    LockedPair = ("Locked Pair", Some("0110"), "l2", 1000, true),
    LockedTriple = ("Locked Triple", Some("0111"), "l3", 1100, true),
    LockedCandidates1 = ("Locked Candidates Type 1 (Pointing)", Some("0100"), "lc1", 1200, true),
    LockedCandidates2 = ("Locked Candidates Type 2 (Claiming)", Some("0101"), "lc2", 1210, true),
    NakedPair = ("Naked Pair", Some("0200"), "n2", 1300, true),
    NakedTriple = ("Naked Triple", Some("0201"), "n3", 1400, true),
    HiddenPair = ("Hidden Pair", Some("0210"), "h2", 1500, true),
    HiddenTriple = ("Hidden Triple", Some("0211"), "h3", 1600, true),
    NakedQuadruple = ("Naked Quadruple", Some("0202"), "n4", 2000, true),
    HiddenQuadruple = ("Hidden Quadruple", Some("0212"), "h4", 2100, true),
    XWing = ("X-Wing", Some("0300"), "bf2", 2200, true),
    Swordfish = ("Swordfish", Some("0301"), "bf3", 2300, true),
    Jellyfish = ("Jellyfish", Some("0302"), "bf4", 2400, true),
    Squirmbag = ("Squirmbag", Some("0303"), "bf5", 2500, false),
    Whale = ("Whale", Some("0304"), "bf6", 2600, false),
    Leviathan = ("Leviathan", Some("0305"), "bf7", 2700, false),
    RemotePair = ("Remote Pair", Some("0703"), "rp", 2800, true),
    BugPlus1 = ("Bivalue Universal Grave + 1", Some("0610"), "bug1", 2900, true),
    Skyscraper = ("Skyscraper", Some("0400"), "sk", 3000, true),
    TwoStringKite = ("2-String Kite", Some("0401"), "2sk", 3100, true),
    DualTwoStringKite = ("Dual 2-String Kite", Some("0404"), "d2sk", 3101, true),
    TurbotFish = ("Turbot Fish", Some("0403"), "tf", 3120, true),
    EmptyRectangle = ("Empty Rectangle", Some("0402"), "er", 3170, true),
    DualEmptyRectangle = ("Dual Empty Rectangle", Some("0405"), "der", 3171, true),
    WWing = ("W-Wing", Some("0803"), "w", 3200, true),
    XyWing = ("XY-Wing", Some("0800"), "xy", 3300, true),
    XyzWing = ("XYZ-Wing", Some("0801"), "xyz", 3400, true),
    WxyzWing = ("WXYZ-Wing", Some("0802"), "wxyz", 3450, false),
    Uniqueness1 = ("Uniqueness Test 1", Some("0600"), "u1", 3500, true),
    Uniqueness2 = ("Uniqueness Test 2", Some("0601"), "u2", 3600, true),
    Uniqueness3 = ("Uniqueness Test 3", Some("0602"), "u3", 3700, true),
    Uniqueness4 = ("Uniqueness Test 4", Some("0603"), "u4", 3800, true),
    Uniqueness5 = ("Uniqueness Test 5", Some("0604"), "u5", 3900, true),
    Uniqueness6 = ("Uniqueness Test 6", Some("0605"), "u6", 4000, true),
    HiddenRectangle = ("Hidden Rectangle", Some("0606"), "hr", 4010, true),
    AvoidableRectangle1 = ("Avoidable Rectangle Type 1", Some("0607"), "ar1", 4020, true),
    AvoidableRectangle2 = ("Avoidable Rectangle Type 2", Some("0608"), "ar2", 4030, true),
    FinnedXWing = ("Finned X-Wing", Some("0310"), "fbf2", 4100, true),
    SashimiXWing = ("Sashimi X-Wing", Some("0320"), "sbf2", 4200, true),
    FinnedSwordfish = ("Finned Swordfish", Some("0311"), "fbf3", 4300, true),
    SashimiSwordfish = ("Sashimi Swordfish", Some("0321"), "sbf3", 4400, true),
    FinnedJellyfish = ("Finned Jellyfish", Some("0312"), "fbf4", 4500, true),
    SashimiJellyfish = ("Sashimi Jellyfish", Some("0322"), "sbf4", 4600, true),
    FinnedSquirmbag = ("Finned Squirmbag", Some("0313"), "fbf5", 4700, false),
    SashimiSquirmbag = ("Sashimi Squirmbag", Some("0323"), "sbf5", 4800, false),
    FinnedWhale = ("Finned Whale", Some("0314"), "fbf6", 4900, false),
    SashimiWhale = ("Sashimi Whale", Some("0324"), "sbf6", 5000, false),
    FinnedLeviathan = ("Finned Leviathan", Some("0315"), "fbf7", 5100, false),
    SashimiLeviathan = ("Sashimi Leviathan", Some("0325"), "sbf7", 5200, false),
    SueDeCoq = ("Sue de Coq", Some("1101"), "sdc", 5300, true),
    SimpleColorsTrap = ("Simple Colors Trap", Some("0500"), "sc1", 5330, true),
    SimpleColorsWrap = ("Simple Colors Wrap", Some("0501"), "sc2", 5331, true),
    MultiColors1 = ("Multi Colors 1", Some("0502"), "mc1", 5360, true),
    MultiColors2 = ("Multi Colors 2", Some("0503"), "mc2", 5361, true),
    XChain = ("X-Chain", Some("0701"), "x", 5400, true),
    XyChain = ("XY-Chain", Some("0702"), "xyc", 5500, true),
    ContinuousNiceLoop = ("Continuous Nice Loop", Some("0706"), "cnl", 5600, true),
    DiscontinuousNiceLoop = ("Discontinuous Nice Loop", Some("0707"), "dnl", 5601, true),
    Aic = ("AIC", Some("0708"), "aic", 5602, true),
    GroupedContinuousNiceLoop = ("Grouped Continuous Nice Loop", Some("0709"), "gcnl", 5650, true),
    GroupedDiscontinuousNiceLoop = ("Grouped Discontinuous Nice Loop", Some("0710"), "gdnl", 5651, true),
    GroupedAic = ("Grouped AIC", Some("0711"), "gaic", 5652, true),
    AlsXz = ("Almost Locked Set XZ-Rule", Some("0901"), "axz", 5700, true),
    AlsXyWing = ("Almost Locked Set XY-Wing", Some("0902"), "axy", 5800, true),
    AlsXyChain = ("Almost Locked Set Chain", Some("0903"), "ach", 5900, true),
    DeathBlossom = ("Death Blossom", Some("0904"), "db", 6000, false),
    FrankenXWing = ("Franken X-Wing", Some("0330"), "ff2", 6100, true),
    FrankenSwordfish = ("Franken Swordfish", Some("0331"), "ff3", 6200, true),
    FrankenJellyfish = ("Franken Jellyfish", Some("0332"), "ff4", 6300, false),
    FrankenSquirmbag = ("Franken Squirmbag", Some("0333"), "ff5", 6400, false),
    FrankenWhale = ("Franken Whale", Some("0334"), "ff6", 6500, false),
    FrankenLeviathan = ("Franken Leviathan", Some("0335"), "ff7", 6600, false),
    FinnedFrankenXWing = ("Finned Franken X-Wing", Some("0340"), "fff2", 6700, true),
    FinnedFrankenSwordfish = ("Finned Franken Swordfish", Some("0341"), "fff3", 6800, true),
    FinnedFrankenJellyfish = ("Finned Franken Jellyfish", Some("0342"), "fff4", 6900, false),
    FinnedFrankenSquirmbag = ("Finned Franken Squirmbag", Some("0343"), "fff5", 7000, false),
    FinnedFrankenWhale = ("Finned Franken Whale", Some("0344"), "fff6", 7100, false),
    FinnedFrankenLeviathan = ("Finned Franken Leviathan", Some("0345"), "fff7", 7200, false),
    MutantXWing = ("Mutant X-Wing", Some("0350"), "mf2", 7300, false),
    MutantSwordfish = ("Mutant Swordfish", Some("0351"), "mf3", 7400, false),
    MutantJellyfish = ("Mutant Jellyfish", Some("0352"), "mf4", 7500, false),
    MutantSquirmbag = ("Mutant Squirmbag", Some("0353"), "mf5", 7600, false),
    MutantWhale = ("Mutant Whale", Some("0354"), "mf6", 7700, false),
    MutantLeviathan = ("Mutant Leviathan", Some("0355"), "mf7", 7800, false),
    FinnedMutantXWing = ("Finned Mutant X-Wing", Some("0360"), "fmf2", 7900, false),
    FinnedMutantSwordfish = ("Finned Mutant Swordfish", Some("0361"), "fmf3", 8000, false),
    FinnedMutantJellyfish = ("Finned Mutant Jellyfish", Some("0362"), "fmf4", 8100, false),
    FinnedMutantSquirmbag = ("Finned Mutant Squirmbag", Some("0363"), "fmf5", 8200, false),
    FinnedMutantWhale = ("Finned Mutant Whale", Some("0364"), "fmf6", 8300, false),
    FinnedMutantLeviathan = ("Finned Mutant Leviathan", Some("0365"), "fmf7", 8400, false),
    KrakenFish1 = ("Kraken Fish Type 1", Some("0371"), "kf1", 8450, false),
    KrakenFish2 = ("Kraken Fish Type 2", Some("0372"), "kf2", 8451, false),
    ForcingChainContradiction = ("Forcing Chain Contradiction", Some("1301"), "fcc", 8500, true),
    ForcingChainVerity = ("Forcing Chain Verity", Some("1302"), "fcv", 8501, true),
    ForcingNetContradiction = ("Forcing Net Contradiction", Some("1303"), "fnc", 8600, true),
    ForcingNetVerity = ("Forcing Net Verity", Some("1304"), "fnv", 8601, true),
    TemplateSet = ("Template Set", Some("1201"), "ts", 8700, false),
    TemplateDelete = ("Template Delete", Some("1202"), "td", 8800, false),
    CageCombination = ("Cage Combination", None, "kc", 400, true),
    Innies = ("Innies", None, "kin", 410, true),
    Outies = ("Outies", None, "kout", 420, true),
    BruteForce = ("Brute Force", None, "bf", 8900, true),
    // Declared last, so that the techniques before keep their places in `ALL` (the columns of
    // Python's `explain_batch`); it is tried at its `order`, after the subsets.
    CageInteraction = ("Cage Interaction", None, "kci", 2150, true),
}

impl Technique {
    /// HoDoKu's name, e.g. `Locked Candidates Type 1 (Pointing)`.
    pub fn name(self) -> &'static str {
        self.info().name
    }
    /// The four-digit library code of HoDoKu's regression library, e.g. `0100`; brute force and the
    /// killer techniques have none.
    pub fn code(self) -> Option<&'static str> {
        self.info().code
    }
    /// HoDoKu's short argument name, e.g. `lc1`.
    pub fn short_name(self) -> &'static str {
        self.info().short
    }
    /// The place in HoDoKu's default solving order: smaller is tried first.
    pub fn order(self) -> u32 {
        self.info().order
    }
    /// Whether HoDoKu's default configuration uses this technique.
    pub fn enabled_by_default(self) -> bool {
        self.info().enabled
    }
    /// Every technique in HoDoKu's default solving order (enabled or not).
    pub fn default_order() -> Vec<Technique> {
        let mut all = Technique::ALL.to_vec();
        all.sort_by_key(|t| t.order());
        all
    }
    /// Whether the technique relies on the puzzle having exactly one solution.
    pub fn needs_uniqueness(self) -> bool {
        matches!(
            self,
            Technique::Uniqueness1
                | Technique::Uniqueness2
                | Technique::Uniqueness3
                | Technique::Uniqueness4
                | Technique::Uniqueness5
                | Technique::Uniqueness6
                | Technique::HiddenRectangle
                | Technique::AvoidableRectangle1
                | Technique::AvoidableRectangle2
                | Technique::BugPlus1
        )
    }
    /// Whether the technique works on killer cages (and finds nothing without them).
    pub fn is_killer(self) -> bool {
        matches!(
            self,
            Technique::CageCombination | Technique::Innies | Technique::Outies | Technique::CageInteraction
        )
    }
    /// The technique whose library code is `code` (a siamese fish's five-digit code `NNNN1` is its
    /// fish's `NNNN`, as in HoDoKu's regression library).
    pub fn from_code(code: &str) -> Option<Technique> {
        let code = if code.len() == 5 && code.ends_with('1') { &code[..4] } else { code };
        Technique::ALL.iter().copied().find(|t| t.code() == Some(code))
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A technique name, code or short name that names no technique. Its message offers the names
/// closest to it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown technique {0:?}{hint} (use a name such as \"X-Wing\", a family such as \"Nice Loop\", a \
     library code such as 0300, or a short name such as bf2)",
    hint = did_you_mean(.0)
)]
pub struct UnknownTechnique(pub String);

/// A family of techniques named together: the searches HoDoKu runs under one entry of its
/// configuration (`Nice Loop/AIC`, `Forcing Chain`, …), the groups players name as one (`Unique
/// Rectangle`, `Finned Fish`: finned and sashimi), and groups named after the categories HoDoKu
/// sorts its techniques into (`Single Digit Patterns`, `Wings`, `Almost Locked Sets`, …).
#[derive(Debug, PartialEq, Eq)]
pub struct Family {
    name: &'static str,
    members: &'static [Technique],
}

impl Family {
    /// Every family, each with its members in [`Technique::ALL`]'s order.
    pub const ALL: &'static [Family] = {
        use Technique::*;
        // The families that are parts of others are slices of them, so each list is written once.
        const UNIQUENESS: &[Technique] = &[
            BugPlus1,
            Uniqueness1,
            Uniqueness2,
            Uniqueness3,
            Uniqueness4,
            Uniqueness5,
            Uniqueness6,
            HiddenRectangle,
            AvoidableRectangle1,
            AvoidableRectangle2,
        ];
        const COLORING: &[Technique] = &[SimpleColorsTrap, SimpleColorsWrap, MultiColors1, MultiColors2];
        const CHAINS: &[Technique] = &[
            RemotePair,
            XChain,
            XyChain,
            ContinuousNiceLoop,
            DiscontinuousNiceLoop,
            Aic,
            GroupedContinuousNiceLoop,
            GroupedDiscontinuousNiceLoop,
            GroupedAic,
        ];
        /// `all[from..to]`, in a constant.
        const fn part(all: &'static [Technique], from: usize, to: usize) -> &'static [Technique] {
            all.split_at(to).0.split_at(from).1
        }
        &[
            Family { name: "Singles", members: &[FullHouse, NakedSingle, HiddenSingle] },
            Family { name: "Locked Candidates", members: &[LockedCandidates1, LockedCandidates2] },
            Family {
                name: "Subsets",
                members: &[
                    LockedPair,
                    LockedTriple,
                    NakedPair,
                    NakedTriple,
                    HiddenPair,
                    HiddenTriple,
                    NakedQuadruple,
                    HiddenQuadruple,
                ],
            },
            Family {
                name: "Basic Fish",
                members: &[XWing, Swordfish, Jellyfish, Squirmbag, Whale, Leviathan],
            },
            Family {
                name: "Single Digit Patterns",
                members: &[
                    Skyscraper,
                    TwoStringKite,
                    DualTwoStringKite,
                    TurbotFish,
                    EmptyRectangle,
                    DualEmptyRectangle,
                ],
            },
            Family { name: "Wings", members: &[WWing, XyWing, XyzWing, WxyzWing] },
            Family { name: "Unique Rectangle", members: part(UNIQUENESS, 1, 8) },
            Family { name: "Avoidable Rectangle", members: part(UNIQUENESS, 8, 10) },
            Family { name: "Uniqueness", members: UNIQUENESS },
            Family {
                name: "Finned Fish",
                members: &[
                    FinnedXWing,
                    SashimiXWing,
                    FinnedSwordfish,
                    SashimiSwordfish,
                    FinnedJellyfish,
                    SashimiJellyfish,
                    FinnedSquirmbag,
                    SashimiSquirmbag,
                    FinnedWhale,
                    SashimiWhale,
                    FinnedLeviathan,
                    SashimiLeviathan,
                ],
            },
            Family {
                name: "Franken Fish",
                members: &[
                    FrankenXWing,
                    FrankenSwordfish,
                    FrankenJellyfish,
                    FrankenSquirmbag,
                    FrankenWhale,
                    FrankenLeviathan,
                    FinnedFrankenXWing,
                    FinnedFrankenSwordfish,
                    FinnedFrankenJellyfish,
                    FinnedFrankenSquirmbag,
                    FinnedFrankenWhale,
                    FinnedFrankenLeviathan,
                ],
            },
            Family {
                name: "Mutant Fish",
                members: &[
                    MutantXWing,
                    MutantSwordfish,
                    MutantJellyfish,
                    MutantSquirmbag,
                    MutantWhale,
                    MutantLeviathan,
                    FinnedMutantXWing,
                    FinnedMutantSwordfish,
                    FinnedMutantJellyfish,
                    FinnedMutantSquirmbag,
                    FinnedMutantWhale,
                    FinnedMutantLeviathan,
                ],
            },
            Family { name: "Kraken Fish", members: &[KrakenFish1, KrakenFish2] },
            Family { name: "Simple Colors", members: part(COLORING, 0, 2) },
            Family { name: "Multi Colors", members: part(COLORING, 2, 4) },
            Family { name: "Coloring", members: COLORING },
            Family { name: "Nice Loop/AIC", members: part(CHAINS, 3, 6) },
            Family { name: "Grouped Nice Loop/AIC", members: part(CHAINS, 6, 9) },
            Family { name: "Chains and Loops", members: CHAINS },
            Family { name: "Almost Locked Sets", members: &[AlsXz, AlsXyWing, AlsXyChain, DeathBlossom] },
            Family { name: "Forcing Chain", members: &[ForcingChainContradiction, ForcingChainVerity] },
            Family { name: "Forcing Net", members: &[ForcingNetContradiction, ForcingNetVerity] },
            Family { name: "Templates", members: &[TemplateSet, TemplateDelete] },
            Family { name: "Killer", members: &[CageCombination, Innies, Outies, CageInteraction] },
        ]
    };

    /// The family's name, e.g. `Nice Loop/AIC`.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// Its techniques.
    pub fn members(&self) -> &'static [Technique] {
        self.members
    }

    /// The family `name` names (any case, spaces or dashes, an `s` at the end or not); `Nice Loop`,
    /// `AICs` and `Grouped Nice Loop` name the loops' families.
    pub fn find(name: &str) -> Option<&'static Family> {
        let key = fold(name);
        let key = match key.as_str() {
            "niceloop" | "niceloops" | "aics" => "niceloop/aic".to_string(),
            "groupedniceloop" | "groupedniceloops" | "groupedaics" => "groupedniceloop/aic".to_string(),
            _ => key,
        };
        Family::ALL.iter().find(|f| {
            let own = fold(f.name);
            key == own || key.strip_suffix('s') == Some(own.as_str())
        })
    }
}

/// What a name given for techniques names: one technique, or a [`Family`].
///
/// ```
/// use sudokit::human::{Technique, Techniques};
/// let loops: Techniques = "Nice Loop".parse()?;
/// use Technique::{Aic, ContinuousNiceLoop, DiscontinuousNiceLoop};
/// assert_eq!(loops.members(), [ContinuousNiceLoop, DiscontinuousNiceLoop, Aic]);
/// assert_eq!("x-wing".parse::<Techniques>()?, Techniques::One(Technique::XWing));
/// assert!("Unique Rectangles".parse::<Techniques>()?.members().contains(&Technique::Uniqueness1));
/// let named = ["singles".parse::<Techniques>()?, "hidden single".parse()?];
/// assert_eq!(Techniques::all_of(&named).len(), 3);
/// # Ok::<(), sudokit::human::UnknownTechnique>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Techniques {
    /// One technique.
    One(Technique),
    /// A family of them.
    Family(&'static Family),
}

impl Techniques {
    /// The techniques named.
    pub fn members(&self) -> &[Technique] {
        match self {
            Techniques::One(t) => std::slice::from_ref(t),
            Techniques::Family(f) => f.members,
        }
    }

    /// The techniques `named` names, in order, each once.
    pub fn all_of(named: &[Techniques]) -> Vec<Technique> {
        let mut all: Vec<Technique> = Vec::new();
        for &t in named.iter().flat_map(Techniques::members) {
            if !all.contains(&t) {
                all.push(t);
            }
        }
        all
    }
}

impl fmt::Display for Techniques {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Techniques::One(t) => t.fmt(f),
            Techniques::Family(family) => f.write_str(family.name),
        }
    }
}

impl FromStr for Techniques {
    type Err = UnknownTechnique;
    /// A technique as [`Technique`] reads it, else a family as [`Family::find`] reads it.
    fn from_str(s: &str) -> Result<Techniques, UnknownTechnique> {
        match s.parse::<Technique>() {
            Ok(t) => Ok(Techniques::One(t)),
            Err(e) => Family::find(s).map(Techniques::Family).ok_or(e),
        }
    }
}

/// Other names players give some techniques (Sudoku Explainer's among them), folded.
const ALIASES: &[(&str, Technique)] = &[
    ("pointing", Technique::LockedCandidates1),
    ("claiming", Technique::LockedCandidates2),
    ("boxlinereduction", Technique::LockedCandidates2),
    ("box/linereduction", Technique::LockedCandidates2),
    ("ywing", Technique::XyWing),
    ("bug+1", Technique::BugPlus1),
    ("bugtype1", Technique::BugPlus1),
    ("uniquerectangletype1", Technique::Uniqueness1),
    ("uniquerectangletype2", Technique::Uniqueness2),
    ("uniquerectangletype3", Technique::Uniqueness3),
    ("uniquerectangletype4", Technique::Uniqueness4),
    ("uniquerectangletype5", Technique::Uniqueness5),
    ("uniquerectangletype6", Technique::Uniqueness6),
];

/// Up to three names close to `name`, as `; did you mean "W-Wing", …?`, or nothing: the technique
/// and family names sharing the most words with it (a word matching where one starts the other,
/// as `unique` and `Uniqueness`), the shorter first.
fn did_you_mean(name: &str) -> String {
    let words = |s: &str| -> Vec<String> {
        s.split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|w| w.len() >= 2 || w.chars().all(|c| c.is_ascii_digit()))
            .filter(|w| !w.is_empty())
            .map(str::to_ascii_lowercase)
            .collect()
    };
    let asked = words(name);
    let names = Technique::ALL.iter().map(|t| t.name()).chain(Family::ALL.iter().map(|f| f.name));
    let mut scored: Vec<(usize, usize, &str)> = names
        .filter_map(|candidate| {
            let own = words(candidate);
            let shared = asked
                .iter()
                .filter(|w| {
                    own.iter()
                        .any(|o| o.starts_with(w.as_str()) || (o.len() >= 2 && w.starts_with(o.as_str())))
                })
                .count();
            (shared > 0).then_some((shared, own.len(), candidate))
        })
        .collect();
    // The most words shared first, then the fewest words besides; stable, so in table order.
    scored.sort_by_key(|&(shared, len, _)| (std::cmp::Reverse(shared), len));
    let best: Vec<String> = scored.iter().take(3).map(|(_, _, n)| format!("{n:?}")).collect();
    match best.as_slice() {
        [] => String::new(),
        [one] => format!("; did you mean {one}?"),
        [rest @ .., last] => format!("; did you mean {} or {last}?", rest.join(", ")),
    }
}

/// Lower case with spaces, dashes and underscores dropped, so `x-wing`, `X Wing` and `XWing` match.
fn fold(s: &str) -> String {
    s.chars().filter(|c| !matches!(c, ' ' | '-' | '_')).flat_map(char::to_lowercase).collect()
}

impl FromStr for Technique {
    type Err = UnknownTechnique;
    fn from_str(s: &str) -> Result<Technique, UnknownTechnique> {
        let s = s.trim();
        if let Some(t) = Technique::from_code(s) {
            return Ok(t);
        }
        let key = fold(s);
        Technique::ALL
            .iter()
            .copied()
            .find(|t| fold(t.name()) == key || t.short_name() == key)
            .or_else(|| ALIASES.iter().find(|(alias, _)| *alias == key).map(|&(_, t)| t))
            .ok_or_else(|| UnknownTechnique(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_codes_and_short_names_are_unique_and_round_trip() {
        let mut codes = std::collections::HashSet::new();
        let mut names = std::collections::HashSet::new();
        for &t in Technique::ALL {
            assert!(names.insert(fold(t.name())), "{t}");
            assert!(t.code().is_none_or(|c| codes.insert(c)), "{t}");
            assert_eq!(t.name().parse::<Technique>(), Ok(t));
            assert_eq!(t.short_name().parse::<Technique>(), Ok(t));
            if let Some(code) = t.code() {
                assert_eq!(code.parse::<Technique>(), Ok(t));
            }
        }
        assert_eq!("03111".parse::<Technique>(), Ok(Technique::FinnedSwordfish));
        assert!("0001".parse::<Technique>().is_err());
        assert!("no such".parse::<Technique>().is_err());
    }

    #[test]
    fn families_keep_the_table_order_and_no_name_is_taken_twice() {
        let mut names: std::collections::HashSet<String> =
            Technique::ALL.iter().flat_map(|t| [fold(t.name()), t.short_name().to_string()]).collect();
        for (alias, t) in ALIASES {
            assert!(names.insert((*alias).to_string()), "alias {alias}");
            assert_eq!(alias.parse::<Technique>(), Ok(*t));
        }
        for family in Family::ALL {
            assert!(names.insert(fold(family.name())), "{}", family.name());
            let at: Vec<usize> = family
                .members()
                .iter()
                .map(|m| Technique::ALL.iter().position(|t| t == m).expect("in the table"))
                .collect();
            assert!(at.windows(2).all(|w| w[0] < w[1]), "{}: {:?}", family.name(), family.members());
            assert_eq!(family.name().parse::<Techniques>(), Ok(Techniques::Family(family)));
            assert_eq!(Family::find(&format!("{}s", family.name().to_uppercase())), Some(family));
        }
        // The uniqueness family is the techniques that rely on one solution, the parts its slices.
        let unique: Vec<Technique> =
            Technique::ALL.iter().copied().filter(|t| t.needs_uniqueness()).collect();
        assert_eq!(Family::find("Uniqueness").map(Family::members), Some(&unique[..]));
        let members = |name: &str| Family::find(name).map_or(&[][..], Family::members);
        assert_eq!(members("Unique Rectangle"), &unique[1..8]);
        assert_eq!(members("Unique Rectangle").last(), Some(&Technique::HiddenRectangle));
        assert_eq!(
            members("Avoidable Rectangle"),
            [Technique::AvoidableRectangle1, Technique::AvoidableRectangle2]
        );
        assert_eq!(members("Simple Colors"), [Technique::SimpleColorsTrap, Technique::SimpleColorsWrap]);
        assert_eq!(members("Multi Colors"), [Technique::MultiColors1, Technique::MultiColors2]);
        assert_eq!(members("Grouped Nice Loop")[0], Technique::GroupedContinuousNiceLoop);
        assert_eq!(members("Chains and Loops").len(), 9);
        assert_eq!(Family::find("aics").map(Family::name), Some("Nice Loop/AIC"));
        assert_eq!(Family::find("Grouped Nice Loops").map(Family::name), Some("Grouped Nice Loop/AIC"));
        // A technique's own name stays the technique.
        assert_eq!("AIC".parse::<Techniques>(), Ok(Techniques::One(Technique::Aic)));
        assert_eq!("Unique Rectangle Type 4".parse::<Technique>(), Ok(Technique::Uniqueness4));
        assert_eq!("Box/Line Reduction".parse::<Technique>(), Ok(Technique::LockedCandidates2));
        assert_eq!("BUG + 1".parse::<Technique>(), Ok(Technique::BugPlus1));
    }

    #[test]
    fn an_unknown_name_offers_the_closest_ones() {
        let e = "Quantum Wing".parse::<Techniques>().expect_err("no such technique");
        let text = e.to_string();
        assert!(
            text.starts_with(
                r#"unknown technique "Quantum Wing"; did you mean "X-Wing", "W-Wing" or "Wings"?"#
            ),
            "{text}"
        );
        let text = "Unique Rectangle Type 7".parse::<Technique>().expect_err("no type 7").to_string();
        assert!(text.contains(r#"did you mean "Unique Rectangle""#), "{text}");
        let text = "zz9".parse::<Technique>().expect_err("nothing close").to_string();
        assert!(text.starts_with(r#"unknown technique "zz9" (use a name such as "X-Wing""#), "{text}");
    }

    #[test]
    fn default_order_starts_with_the_singles() {
        let order = Technique::default_order();
        assert_eq!(&order[..3], &[Technique::FullHouse, Technique::NakedSingle, Technique::HiddenSingle]);
        assert_eq!(order.last(), Some(&Technique::BruteForce));
    }
}
