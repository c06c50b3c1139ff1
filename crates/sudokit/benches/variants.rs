//! Median time per generated variant puzzle, on one thread, beside classic 9×9 as the peer.
//!
//! Criterion's mean hides what matters here: a few jigsaw maps or killer cage layouts take far longer
//! than the rest. So this bench makes `PUZZLES` puzzles per case (indices 0.. of a fixed seed, the
//! same puzzles every run) and prints the median, the quartiles and the slowest, with the mean givens
//! and unproven givens. The cases alternate puzzle by puzzle, so drift on a shared machine hits them
//! alike.
//!
//! `cargo bench -p sudokit --bench variants` (`VARIANT_PUZZLES=N` sets the puzzles per case, default 21).

use std::time::Instant;

use sudokit::generate::{rng_for, GenerateOptions, Generator, VariantGenerator, VariantSpec};
use sudokit::Shape;

const SEED: u64 = 2024;

enum Case {
    Classic(Generator),
    Variant(VariantGenerator),
}

fn main() {
    let puzzles: u64 = std::env::var("VARIANT_PUZZLES").ok().and_then(|v| v.parse().ok()).unwrap_or(21);
    let cases: Vec<(String, Case)> = [
        ("classic", 9),
        ("x", 9),
        ("hyper", 9),
        ("jigsaw", 9),
        ("killer", 9),
        ("x", 6),
        ("jigsaw", 6),
        ("killer", 6),
        ("x", 12),
        ("jigsaw", 12),
        ("killer", 12),
        ("x", 16),
        ("hyper", 16),
    ]
    .into_iter()
    .map(|(name, side)| {
        let shape = Shape::for_side(side).expect("a side with boxes");
        let spec: VariantSpec = name.parse().expect("a variant name");
        let case = if spec.is_classic() {
            Case::Classic(Generator::new(shape, GenerateOptions::default()).expect("valid options"))
        } else {
            Case::Variant(
                VariantGenerator::new(shape, spec, GenerateOptions::default()).expect("a supported board"),
            )
        };
        (format!("{name} {side}×{side}"), case)
    })
    .collect();
    // Per case: (seconds, givens, unproven) of each puzzle.
    let mut results: Vec<Vec<(f64, usize, usize)>> = vec![Vec::new(); cases.len()];
    for i in 0..puzzles {
        for ((_, case), out) in cases.iter().zip(&mut results) {
            let mut rng = rng_for(SEED, i);
            let start = Instant::now();
            let made = match case {
                Case::Classic(g) => g.puzzle(&mut rng),
                Case::Variant(g) => g.puzzle(&mut rng).map(|v| v.generated),
            }
            .expect("no difficulty asked, so every attempt gives a puzzle");
            out.push((start.elapsed().as_secs_f64(), made.clues(), made.unproven));
        }
    }
    println!("{puzzles} puzzles per case, one thread, seed {SEED}");
    println!(
        "{:<16} {:>10} {:>10} {:>10} {:>10} {:>7} {:>9}",
        "case", "median", "q1", "q3", "max", "givens", "unproven"
    );
    for ((name, _), r) in cases.iter().zip(&results) {
        let mut t: Vec<f64> = r.iter().map(|x| x.0).collect();
        t.sort_by(f64::total_cmp);
        let at = |q: f64| t[((t.len() - 1) as f64 * q).round() as usize];
        let n = r.len() as f64;
        let givens = r.iter().map(|x| x.1).sum::<usize>() as f64 / n;
        let unproven = r.iter().map(|x| x.2).sum::<usize>() as f64 / n;
        println!(
            "{name:<16} {:>10} {:>10} {:>10} {:>10} {givens:>7.1} {unproven:>9.1}",
            ms(at(0.5)),
            ms(at(0.25)),
            ms(at(0.75)),
            ms(at(1.0))
        );
    }
}

fn ms(seconds: f64) -> String {
    format!("{:.2} ms", seconds * 1e3)
}
