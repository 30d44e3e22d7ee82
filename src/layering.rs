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
        // A file of tests is declared `#[cfg(test)]` where its parent names it.
        .filter(|(module, _)| !module.iter().any(|part| part == "tests"))
        .collect()
}

/// Whether an item is compiled for tests alone (`#[cfg(test)]`).
fn for_tests(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|attr| match &attr.meta {
        syn::Meta::List(list) => list.path.is_ident("cfg") && list.tokens.to_string() == "test",
        _ => false,
    })
}

/// The paths a file names, in `use` declarations and in code, each with the module it is named in
/// (a file's inline modules included); items for tests alone are left out.
#[derive(Default)]
struct Named {
    /// The module being read: the file's, then its inline modules'.
    module: Module,
    paths: Vec<(Module, Vec<String>)>,
}

impl Named {
    fn use_tree(&mut self, prefix: &mut Vec<String>, tree: &syn::UseTree) {
        match tree {
            syn::UseTree::Path(path) => {
                prefix.push(path.ident.to_string());
                self.use_tree(prefix, &path.tree);
                prefix.pop();
            }
            syn::UseTree::Name(name) => self.name(prefix, &name.ident),
            syn::UseTree::Rename(rename) => self.name(prefix, &rename.ident),
            syn::UseTree::Glob(_) => self.paths.push((self.module.clone(), prefix.clone())),
            syn::UseTree::Group(group) => {
                for tree in &group.items {
                    self.use_tree(prefix, tree);
                }
            }
        }
    }

    fn name(&mut self, prefix: &[String], ident: &syn::Ident) {
        let mut path = prefix.to_vec();
        path.push(ident.to_string());
        self.paths.push((self.module.clone(), path));
    }
}

impl<'ast> syn::visit::Visit<'ast> for Named {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        let attrs = match item {
            syn::Item::Mod(m) => &m.attrs,
            syn::Item::Fn(f) => &f.attrs,
            syn::Item::Impl(i) => &i.attrs,
            syn::Item::Use(u) => &u.attrs,
            syn::Item::Struct(s) => &s.attrs,
            syn::Item::Enum(e) => &e.attrs,
            syn::Item::Const(c) => &c.attrs,
            syn::Item::Static(s) => &s.attrs,
            syn::Item::Trait(t) => &t.attrs,
            syn::Item::Type(t) => &t.attrs,
            syn::Item::Macro(m) => &m.attrs,
            _ => return syn::visit::visit_item(self, item),
        };
        if !for_tests(attrs) {
            syn::visit::visit_item(self, item);
        }
    }

    fn visit_item_mod(&mut self, item: &'ast syn::ItemMod) {
        if item.content.is_some() {
            self.module.push(item.ident.to_string());
            syn::visit::visit_item_mod(self, item);
            self.module.pop();
        }
    }

    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        self.use_tree(&mut Vec::new(), &item.tree);
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        if path.segments.len() > 1 {
            let segments = path.segments.iter().map(|s| s.ident.to_string()).collect();
            self.paths.push((self.module.clone(), segments));
        }
        syn::visit::visit_path(self, path);
    }
}

/// The module `path` names, from `module`: the longest module of `known` its leading segments
/// reach; `None` for another crate's path or a name a `use` brought in (that `use` counts).
fn resolve(
    module: &[String],
    path: &[String],
    crate_name: &str,
    known: &BTreeMap<Module, PathBuf>,
) -> Option<Module> {
    let (first, rest) = path.split_first()?;
    let (mut base, rest) = match first.as_str() {
        "crate" => (Vec::new(), rest),
        name if name == crate_name => (Vec::new(), rest),
        "self" => (module.to_vec(), rest),
        "super" => {
            let (mut base, mut rest) = (module.to_vec(), rest);
            base.pop();
            while rest.first().is_some_and(|s| s == "super") {
                base.pop();
                rest = &rest[1..];
            }
            (base, rest)
        }
        _ => {
            let mut child = module.to_vec();
            child.push(first.clone());
            if !known.contains_key(&child) {
                return None;
            }
            (child, rest)
        }
    };
    if !known.contains_key(&base) {
        // Something inside an inline module, which is part of its file's module.
        while !base.is_empty() && !known.contains_key(&base) {
            base.pop();
        }
        return Some(base);
    }
    for part in rest {
        base.push(part.clone());
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
        let file = syn::parse_file(&source).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut named = Named {
            module: module.clone(),
            ..Named::default()
        };
        syn::visit::Visit::visit_file(&mut named, &file);
        for (from, used) in named.paths {
            let Some(target) = resolve(&from, &used, crate_name, &known) else {
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

/// The cycle check finds loops through `use` declarations (after a comment saying "because we
/// use", renamed with `as`, inside an inline module) and through paths written in code, and
/// leaves out what is compiled for tests alone.
#[test]
fn the_cycle_check_finds_loops_through_uses_and_paths_but_not_tests() {
    let dir = std::env::temp_dir().join(format!("layering-{}", std::process::id()));
    let files = [
        ("lib.rs", "mod a;\nmod b;\nmod c;\nmod d;\nmod e;\n"),
        ("a/mod.rs", "mod inner;\n/// because we use c\nuse super::c::Z as Zed;\n"),
        ("a/inner.rs", "use crate::b::{X, y::Y};\n"),
        ("b.rs", "pub(crate) use super::a::Thing;\n"),
        ("c.rs", "fn f() { crate::a::g(); }\n"),
        // d and e import each other only in code for tests: no loop.
        ("d.rs", "#[cfg(test)]\nmod tests { use crate::e::T; }\nmod inline { use super::super::e::U; }\n"),
        ("e.rs", "#[cfg(test)]\nfn t() { crate::d::f(); }\n"),
    ];
    for (name, text) in files {
        let path = dir.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    let cycles = modules_in_cycles(&dir, "x");
    std::fs::remove_dir_all(&dir).unwrap();
    let names: Vec<String> = cycles.iter().map(|m| m.join("::")).collect();
    assert_eq!(names, ["a", "b", "c"]);
}

/// The type names (structs, enums, traits) defined in more than one place in the product: the
/// engine, the drawing and the service, test code included.
fn twice_defined_type_names() -> BTreeSet<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let dirs = [root.join("src"), root.join("crates")];
    for path in dirs.iter().flat_map(|dir| sources(dir)) {
        let text = std::fs::read_to_string(&path).unwrap();
        for line in text.lines() {
            let words: Vec<&str> = line.split_whitespace().collect();
            let kind = words
                .iter()
                .position(|w| ["struct", "enum", "trait"].contains(w));
            let Some(name) = kind.and_then(|k| words.get(k + 1)) else {
                continue;
            };
            // Only declarations: `pub(crate) struct Name {`, not `// a struct here`.
            let declares = words[..kind.unwrap()]
                .iter()
                .all(|w| *w == "pub" || w.starts_with("pub("));
            let name: String = name
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if declares && name.starts_with(|c: char| c.is_ascii_uppercase()) {
                *seen.entry(name).or_default() += 1;
            }
        }
    }
    seen.into_iter()
        .filter(|(_, n)| *n > 1)
        .map(|(name, _)| name)
        .collect()
}

/// Issue 32: one type per name. The one left is `Pattern`, the classic step's beside the general
/// step's, which goes with the classic step; a new twin fails here, by name.
#[test]
fn only_the_classic_steps_pattern_is_defined_twice() {
    let twice = twice_defined_type_names();
    assert_eq!(
        twice.into_iter().collect::<Vec<_>>(),
        ["Pattern"],
        "type names defined twice"
    );
}
