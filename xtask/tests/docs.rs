//! The living documents name many files and items of the code; this test keeps them honest.
//!
//! Every backquoted repository path in `README.md` and `DESIGN.md` (`kernel/…`, `host/…`,
//! `xtask/…`, `tests/…`, `notes/…`, `.ci/…`) must exist, and every backquoted Rust path into
//! the workspace (`kernel::…`, `host::…`, `Type::item` for a type the workspace declares, and
//! `gpu.item` for the `Gpu` handle of the examples) must name an item, field or variant that
//! the workspace's source declares. `BENCHMARKS.md` and `notes/` are records of past runs and
//! name code that has since gone, so they are not checked. This runs on the build machine only
//! (`cargo xtask bundle` leaves xtask's tests out of the GPU bundle).
use std::path::Path;
use xtask::workspace_root;

const DOCS: [&str; 2] = ["README.md", "DESIGN.md"];
const PATH_PREFIXES: [&str; 6] = ["kernel/", "host/", "xtask/", "tests/", "notes/", ".ci/"];
const SOURCE_DIRS: [&str; 5] = ["kernel/src", "host/src", "host/build.rs", "xtask/src", "tests/src"];

fn rust_sources(path: &Path, out: &mut String) {
    if path.is_dir() {
        let mut entries: Vec<_> =
            std::fs::read_dir(path).expect("readable").flatten().map(|e| e.path()).collect();
        entries.sort();
        for p in entries {
            rust_sources(&p, out);
        }
    } else if path.extension().is_some_and(|e| e == "rs") {
        out.push_str(&std::fs::read_to_string(path).expect("readable source"));
        out.push('\n');
    }
}

/// The backquoted spans of a Markdown text, outside fenced code blocks.
fn code_spans(text: &str) -> Vec<String> {
    let mut spans = Vec::new();
    let mut in_fence = false;
    let mut prose = String::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_fence = !in_fence;
            continue;
        }
        if !in_fence {
            prose.push_str(line);
            prose.push('\n');
        }
    }
    let mut parts = prose.split('`');
    parts.next();
    while let Some(span) = parts.next() {
        spans.push(span.replace('\n', " "));
        parts.next();
    }
    spans
}

fn is_ident(s: &str) -> bool {
    let mut c = s.chars();
    c.next().is_some_and(|f| f.is_ascii_alphabetic() || f == '_')
        && c.all(|x| x.is_ascii_alphanumeric() || x == '_')
}

/// Whether `src` has `kw` (a keyword and its space) followed by the whole identifier `name`.
fn declares_as(src: &str, kw: &str, name: &str) -> bool {
    let pat = format!("{kw}{name}");
    src.match_indices(&pat)
        .any(|(i, _)| !src[i + pat.len()..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_'))
}

/// Whether `src` declares `name`: an item, a field, or an enum variant.
fn declares(src: &str, name: &str) -> bool {
    let items = ["fn ", "const ", "struct ", "enum ", "mod ", "static ", "type ", "trait ", "macro_rules! "];
    if items.iter().any(|kw| declares_as(src, kw, name)) {
        return true;
    }
    src.lines().map(str::trim_start).any(|l| {
        let l = l.strip_prefix("pub ").or_else(|| l.strip_prefix("pub(crate) ")).unwrap_or(l);
        l.strip_prefix(name).is_some_and(|rest| {
            rest.starts_with(':')
                || rest.starts_with(',')
                || rest.starts_with('(')
                || rest.starts_with(" {")
                || rest.starts_with(" =")
        })
    })
}

#[test]
fn documents_name_only_files_and_items_that_exist() {
    let root = workspace_root();
    let mut src = String::new();
    for d in SOURCE_DIRS {
        rust_sources(&root.join(d), &mut src);
    }
    assert!(
        src.contains("fn choose_variant"),
        "the workspace's source was not found under {}",
        root.display()
    );
    let mut missing = Vec::new();
    let mut checked = 0;
    for doc in DOCS {
        let text = std::fs::read_to_string(root.join(doc)).unwrap_or_else(|e| panic!("{doc}: {e}"));
        for span in code_spans(&text) {
            let span = span.trim();
            if PATH_PREFIXES.iter().any(|p| span.starts_with(p)) {
                if span.contains(|c: char| c.is_whitespace() || "{}*…|".contains(c)) {
                    continue;
                }
                checked += 1;
                if !root.join(span).exists() {
                    missing.push(format!("{doc}: file `{span}`"));
                }
                continue;
            }
            // A call's arguments are not part of the path.
            let path = span.split('(').next().unwrap_or(span);
            if path.ends_with(".rs") {
                continue; // a file named within its folder's row, e.g. `gpu.rs`
            }
            let segments: Vec<&str> = if let Some(rest) = path.strip_prefix("gpu.") {
                vec!["gpu", rest]
            } else {
                path.split("::").collect()
            };
            if segments.len() < 2 || !segments.iter().all(|s| is_ident(s)) {
                continue;
            }
            let first = segments[0];
            let ours = matches!(first, "kernel" | "host" | "gpu")
                || (first.starts_with(|c: char| c.is_ascii_uppercase())
                    && ["struct ", "enum ", "trait "].iter().any(|kw| declares_as(&src, kw, first)));
            if !ours {
                continue;
            }
            checked += 1;
            for seg in &segments[1..] {
                if !declares(&src, seg) {
                    missing.push(format!("{doc}: `{span}` (no `{seg}` declared)"));
                }
            }
        }
    }
    assert!(checked > 50, "only {checked} names checked: is the span parser broken?");
    assert!(missing.is_empty(), "documents name what the code does not have:\n{}", missing.join("\n"));
}

#[test]
fn the_checker_catches_a_missing_item_and_reads_spans() {
    let src = "pub struct Gpu {\n    pub split_k: u32,\n}\nimpl Gpu { pub fn upload(&self) {} }\nenum E {\n    Unsupported(String),\n}";
    assert!(declares(src, "upload"));
    assert!(declares(src, "split_k"));
    assert!(declares(src, "Unsupported"));
    assert!(!declares(src, "uploa"));
    assert!(!declares(src, "download"));
    assert_eq!(code_spans("a `x::y` b\n```\n`z`\n```\n`w`"), vec!["x::y", "w"]);
}
