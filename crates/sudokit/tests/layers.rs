//! The library's layers point one way: each top-level module may use only the modules before it in
//! [`LAYERS`], so there is no dependency cycle. Read off the source: every `crate::X` path outside
//! comments and the `#[cfg(test)]` tail of a file is an edge from the file's top-level module to `X`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The top-level modules from the bottom layer up; modules on one line of the README's table may not
/// use each other unless listed in that order here.
const LAYERS: &[&str] = &[
    "grid", "rules", "parse", "format", "solve", "canon", "human", "rate", "generate", "batch", "bench",
    "testing", "error",
];

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src is readable") {
        let path = entry.expect("a folder entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The `crate::X` modules a file's code names (not its comments, not its test module).
fn uses(text: &str) -> BTreeSet<String> {
    let code = text.split("#[cfg(test)]").next().unwrap_or_default();
    let mut found = BTreeSet::new();
    for line in code.lines().map(str::trim_start).filter(|l| !l.starts_with("//")) {
        let mut rest = line;
        while let Some(i) = rest.find("crate::") {
            rest = &rest[i + "crate::".len()..];
            if let Some(group) = rest.strip_prefix('{') {
                let inner = group.split('}').next().unwrap_or_default();
                found.extend(inner.split(',').filter_map(|p| p.trim().split("::").next()).map(String::from));
            } else {
                let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                found.insert(name);
            }
        }
    }
    found.retain(|m| !m.is_empty());
    found
}

/// Edges between top-level modules, `from -> {to}`.
fn module_graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in files {
        let rel = file.strip_prefix(&src).expect("under src");
        let top = rel.iter().next().and_then(|c| c.to_str()).unwrap_or_default().trim_end_matches(".rs");
        if top == "lib" || rel.file_name().is_some_and(|n| n == "tests.rs") {
            continue;
        }
        let text = std::fs::read_to_string(&file).expect("a source file reads");
        let edges = graph.entry(top.to_string()).or_default();
        edges.extend(uses(&text).into_iter().filter(|m| m != top));
    }
    graph
}

#[test]
fn every_module_is_a_known_layer() {
    for module in module_graph().keys() {
        assert!(LAYERS.contains(&module.as_str()), "module {module} is not in LAYERS: place it in a layer");
    }
}

#[test]
fn dependencies_point_one_way() {
    let rank = |m: &str| LAYERS.iter().position(|l| *l == m);
    let graph = module_graph();
    // The scan sees real edges (else the check below would pass vacuously).
    assert!(graph.get("solve").is_some_and(|e| e.contains("rules") && e.contains("grid")), "{graph:?}");
    let mut wrong = Vec::new();
    for (from, tos) in graph {
        for to in tos {
            if let (Some(a), Some(b)) = (rank(&from), rank(&to)) {
                if b >= a {
                    wrong.push(format!("{from} -> {to}"));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "dependencies against the layer order: {wrong:?}");
}
