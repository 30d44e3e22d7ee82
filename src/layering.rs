//! The architecture as tests: the layers of this crate import only what is below them, the
//! engine and the drawing depend on no HTTP or async crate, and no two modules import each other,
//! directly or around a loop.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, at any depth.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            found.extend(sources(&path));
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            found.push(path);
        }
    }
    found
}

/// The layers inside this crate point one way, down: the server serves the HTTP API, which
/// must not reach back; the command line starts the server (`sudoku serve`) but shares nothing
/// else with the API; the batch runner and the shared JSON stand below both. (The engine and
/// the drawing are crates of their own: the compiler keeps them below everything.)
#[test]
fn layers_import_only_what_is_below_them() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let rules: [(&str, &[&str]); 5] = [
        ("http", &["crate::server"]),
        ("cli", &["crate::http"]),
        ("batch", &["crate::http", "crate::server", "crate::cli"]),
        ("wire", &["crate::http", "crate::server", "crate::cli"]),
        (
            "interchange",
            &["crate::http", "crate::server", "crate::cli"],
        ),
    ];
    for (dir, forbidden) in rules {
        for path in sources(&root.join(dir)) {
            let source = std::fs::read_to_string(&path).unwrap();
            for layer in forbidden {
                assert!(
                    !source.contains(layer),
                    "{} imports {layer}",
                    path.display()
                );
            }
        }
    }
}

/// Each package of `Cargo.lock` and the names of the packages it depends on.
fn locked_dependencies() -> BTreeMap<String, Vec<String>> {
    let lock = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.lock")).unwrap();
    let mut packages = BTreeMap::new();
    for block in lock.split("[[package]]").skip(1) {
        let name = block
            .lines()
            .find_map(|l| l.strip_prefix("name = "))
            .unwrap()
            .trim_matches('"')
            .to_string();
        let dependencies = block
            .split_once("dependencies = [")
            .map(|(_, rest)| rest.split(']').next().unwrap_or(""))
            .unwrap_or("")
            .lines()
            .filter_map(|l| l.trim().trim_end_matches(',').strip_prefix('"'))
            .map(|d| {
                d.trim_end_matches('"')
                    .split(' ')
                    .next()
                    .unwrap()
                    .to_string()
            })
            .collect();
        packages.insert(name, dependencies);
    }
    packages
}

/// The engine is a library for anyone who wants Sudoku in Rust: nothing of HTTP or async is
/// anywhere in its dependency tree (as `Cargo.lock` records it), nor in the drawing's.
#[test]
fn the_engine_and_the_drawing_depend_on_no_http_or_async_crate() {
    let packages = locked_dependencies();
    for top in ["sudoku-engine", "sudoku-render"] {
        let mut seen = BTreeSet::new();
        let mut next = vec![top.to_string()];
        while let Some(name) = next.pop() {
            if seen.insert(name.clone()) {
                next.extend(packages[&name].iter().cloned());
            }
        }
        for forbidden in [
            "tokio",
            "axum",
            "hyper",
            "tower",
            "http",
            "mio",
            "sudoku-service",
        ] {
            assert!(!seen.contains(forbidden), "{top} depends on {forbidden}");
        }
        assert!(seen.len() > 3, "{top}'s tree was read: {seen:?}");
    }
}

/// A module as its path from its crate's root (`["general", "logic", "geometry"]`).
type Module = Vec<String>;

/// Every module of the crate whose sources are under `root`, by the file that holds it.
fn modules(root: &Path) -> BTreeMap<Module, PathBuf> {
    sources(root)
        .into_iter()
        .map(|path| {
            let relative = path.strip_prefix(root).unwrap().with_extension("");
            let mut module: Module = relative
                .iter()
                .map(|part| part.to_string_lossy().into_owned())
                .collect();
            if matches!(
                module.last().map(String::as_str),
                Some("mod" | "lib" | "main")
            ) {
                module.pop();
            }
            (module, path)
        })
        .filter(|(module, _)| !module.iter().any(|part| part == "tests"))
        .collect()
}

/// The paths a source's `use` declarations name, braces spread out (`a::{b, c::d}` gives `a::b`
/// and `a::c::d`), a file's `#[cfg(test)] mod tests { ... }` left out.
fn used_paths(source: &str) -> Vec<String> {
    let source = source.split("#[cfg(test)]\nmod tests {").next().unwrap();
    let mut paths = Vec::new();
    for declaration in source.split(';') {
        let Some(at) = declaration.find("use ") else {
            continue;
        };
        let before = declaration[..at].trim_end();
        let starts = before.is_empty()
            || before.ends_with('\n')
            || before.ends_with("pub")
            || before.ends_with(')')
            || declaration[..at].ends_with('\n')
            || declaration[..at].ends_with("    ");
        if !starts {
            continue;
        }
        let tree: String = declaration[at + 4..].split_whitespace().collect();
        spread("", &tree, &mut paths);
    }
    paths
}

/// Pushes each path of the use tree `tree` under `prefix`.
fn spread(prefix: &str, tree: &str, paths: &mut Vec<String>) {
    let Some(open) = tree.find('{') else {
        let path = tree.split("as").next().unwrap_or(tree);
        paths.push(format!("{prefix}{path}"));
        return;
    };
    let prefix = format!("{prefix}{}", &tree[..open]);
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let (mut depth, mut start) = (0, 0);
    for (i, ch) in inner.char_indices() {
        match ch {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                spread(&prefix, &inner[start..i], paths);
                start = i + 1;
            }
            _ => {}
        }
    }
    if start < inner.len() {
        spread(&prefix, &inner[start..], paths);
    }
}

/// The module `path` names, used from `module`: the longest module its leading segments reach.
fn resolve(
    module: &Module,
    path: &str,
    crate_name: &str,
    known: &BTreeMap<Module, PathBuf>,
) -> Option<Module> {
    let mut parts = path.split("::").filter(|p| !p.is_empty()).peekable();
    let mut base: Module = match *parts.peek()? {
        "crate" => {
            parts.next();
            Vec::new()
        }
        name if name == crate_name => {
            parts.next();
            Vec::new()
        }
        "self" => {
            parts.next();
            module.clone()
        }
        "super" => {
            let mut base = module.clone();
            while parts.peek() == Some(&"super") {
                parts.next();
                base.pop();
            }
            base
        }
        child => {
            let mut base = module.clone();
            base.push(child.to_string());
            if !known.contains_key(&base) {
                return None; // another crate's path
            }
            module.clone()
        }
    };
    for part in parts {
        base.push(part.to_string());
        if !known.contains_key(&base) {
            base.pop();
            break;
        }
    }
    Some(base)
}

/// The modules that take part in an import cycle: a module imports from a sibling (or a
/// sibling's descendant), and that sibling, directly or through others, imports back. Imports
/// between a module and its own ancestors or descendants are how a module is made, and not cycles.
fn modules_in_cycles(root: &Path, crate_name: &str) -> BTreeSet<Module> {
    let known = modules(root);
    let mut edges: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (module, path) in &known {
        let source = std::fs::read_to_string(path).unwrap();
        for used in used_paths(&source) {
            let Some(target) = resolve(module, &used, crate_name, &known) else {
                continue;
            };
            let common = module
                .iter()
                .zip(&target)
                .take_while(|(a, b)| a == b)
                .count();
            if common == module.len() || common == target.len() {
                continue;
            }
            let (from, to) = (module[..=common].to_vec(), target[..=common].to_vec());
            edges.entry(to.clone()).or_default();
            edges.entry(from).or_default().insert(to);
        }
    }
    // Peel off modules that import from no module left; what cannot be peeled lies on or leads
    // into a cycle, and a module on one reaches itself.
    loop {
        let sinks: Vec<Module> = edges
            .iter()
            .filter(|(_, to)| to.is_empty())
            .map(|(m, _)| m.clone())
            .collect();
        if sinks.is_empty() {
            break;
        }
        for sink in &sinks {
            edges.remove(sink);
        }
        for to in edges.values_mut() {
            to.retain(|m| !sinks.contains(m));
        }
    }
    let reaches_itself = |start: &Module| {
        let mut seen = BTreeSet::new();
        let mut next: Vec<&Module> = edges[start].iter().collect();
        while let Some(m) = next.pop() {
            if m == start {
                return true;
            }
            if seen.insert(m) {
                next.extend(edges[m].iter());
            }
        }
        false
    };
    edges
        .keys()
        .filter(|m| reaches_itself(m))
        .cloned()
        .collect()
}

/// No two modules import each other, directly or around a loop, in the engine, the drawing or the
/// service: each can be read knowing only what it imports.
#[test]
fn no_module_imports_from_one_that_imports_back() {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (dir, name) in [
        ("crates/engine/src", "sudoku_engine"),
        ("crates/render/src", "sudoku_render"),
        ("src", "sudoku_service"),
    ] {
        let cycles = modules_in_cycles(&workspace.join(dir), name);
        let names: Vec<String> = cycles.iter().map(|m| m.join("::")).collect();
        assert!(
            names.is_empty(),
            "{dir}: modules in import cycles: {names:?}"
        );
    }
}

/// The cycle check finds a cycle where there is one: two sibling modules importing each other.
#[test]
fn the_cycle_check_finds_two_siblings_importing_each_other() {
    let dir = std::env::temp_dir().join(format!("layering-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("a")).unwrap();
    std::fs::write(dir.join("lib.rs"), "mod a;\nmod b;\nmod c;\n").unwrap();
    std::fs::write(dir.join("a/mod.rs"), "mod inner;\nuse super::c::Z;\n").unwrap();
    std::fs::write(dir.join("a/inner.rs"), "use crate::b::{X, y::Y};\n").unwrap();
    std::fs::write(dir.join("b.rs"), "pub(crate) use super::a::Thing;\n").unwrap();
    std::fs::write(dir.join("c.rs"), "use crate::a::Other;\n").unwrap();
    let cycles = modules_in_cycles(&dir, "x");
    std::fs::remove_dir_all(&dir).unwrap();
    let names: Vec<String> = cycles.iter().map(|m| m.join("::")).collect();
    assert_eq!(names, ["a", "b", "c"]);
}
