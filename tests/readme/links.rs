//! The pages as a whole: every page with examples is run, the README links every page, and every
//! relative link and anchor leads somewhere.

use super::*;
use crate::api::{examples_of, saving_examples_of};
use crate::console::console_examples_of;

#[test]
fn every_page_with_examples_is_listed() {
    for page in every_page() {
        if PAGES.contains(&page.as_str()) {
            continue;
        }
        let text = read(&page);
        assert!(
            examples_of(&page, &text).is_empty()
                && console_examples_of(&text).is_empty()
                && saving_examples_of(&text).is_empty(),
            "{page} has curl or console examples: add it to PAGES in tests/readme/main.rs so they are run"
        );
    }
    for page in PAGES {
        assert!(every_page().iter().any(|p| p == page), "{page} is gone");
    }
}

#[test]
fn the_readme_links_every_docs_page() {
    let readme = read("README.md");
    for page in every_page().iter().filter(|page| page.starts_with("docs/")) {
        assert!(
            readme.contains(&format!("]({page})")),
            "README.md's list of pages does not link {page}"
        );
    }
}

/// The anchors of a page's headings, as GitHub makes them: lowercase, spaces to `-`, punctuation
/// other than `-` and `_` dropped, and `-1`, `-2`, ... after a repeated one.
fn anchors(text: &str) -> std::collections::BTreeSet<String> {
    let mut seen = std::collections::BTreeMap::<String, usize>::new();
    let mut anchors = std::collections::BTreeSet::new();
    let mut in_code = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code || !line.starts_with('#') {
            continue;
        }
        let heading = line.trim_start_matches('#').trim();
        let slug: String = heading
            .to_lowercase()
            .chars()
            .filter_map(|c| match c {
                ' ' => Some('-'),
                c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
                _ => None,
            })
            .collect();
        let count = seen.entry(slug.clone()).or_insert(0);
        anchors.insert(match *count {
            0 => slug.clone(),
            n => format!("{slug}-{n}"),
        });
        *count += 1;
    }
    anchors
}

/// The relative link targets of a page outside its code blocks: Markdown `](TARGET)` and HTML
/// `src="TARGET"` / `href="TARGET"`, with the line each is on.
fn relative_links(text: &str) -> Vec<(usize, String)> {
    let mut links = Vec::new();
    let mut in_code = false;
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            continue;
        }
        for opener in ["](", "src=\"", "href=\""] {
            let closer = if opener == "](" { ')' } else { '"' };
            for (at, _) in line.match_indices(opener) {
                let rest = &line[at + opener.len()..];
                let Some(end) = rest.find(closer) else {
                    continue;
                };
                let target = &rest[..end];
                if !target.contains("://") && !target.starts_with("mailto:") {
                    links.push((i + 1, target.to_string()));
                }
            }
        }
    }
    links
}

#[test]
fn every_relative_link_of_the_pages_leads_somewhere() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut broken = Vec::new();
    for page in every_page() {
        let text = read(&page);
        let dir = root.join(&page).parent().unwrap().to_path_buf();
        for (line, target) in relative_links(&text) {
            let (path, anchor) = target.split_once('#').unwrap_or((&target, ""));
            let file = match path {
                "" => root.join(&page),
                path => dir.join(path),
            };
            if !file.exists() {
                broken.push(format!("{page}:{line}: {target}: no such file"));
                continue;
            }
            let is_page = file.extension().is_some_and(|e| e == "md");
            if !anchor.is_empty() && is_page {
                let target_text = std::fs::read_to_string(&file).unwrap();
                if !anchors(&target_text).contains(anchor) {
                    broken.push(format!("{page}:{line}: {target}: no such heading"));
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn anchors_are_made_as_github_makes_them() {
    let text = "# A title\n## `POST /solve`\n```\n# not a heading\n```\n### Speed\n### Speed\n## Printing: SVG, PDF and puzzle books\n";
    let found: Vec<String> = anchors(text).into_iter().collect();
    assert_eq!(
        found,
        [
            "a-title",
            "post-solve",
            "printing-svg-pdf-and-puzzle-books",
            "speed",
            "speed-1"
        ]
    );
}
