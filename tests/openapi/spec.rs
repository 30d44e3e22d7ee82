//! The OpenAPI document as a test oracle: its operations, and validators for the schemas it
//! documents (OpenAPI 3.1 schemas are JSON Schema 2020-12, so the `jsonschema` crate checks them,
//! with the document's `components` beside each schema so that its `$ref`s resolve).

use std::collections::BTreeSet;

use serde_json::{json, Value};

use crate::harness::TestResponse;

/// The methods an OpenAPI path item may hold operations under.
const METHODS: [&str; 8] = [
    "get", "put", "post", "delete", "options", "head", "patch", "trace",
];

/// `openapi.yaml`, parsed.
pub struct Spec {
    doc: Value,
}

impl Spec {
    /// Reads and parses the repository's `openapi.yaml`.
    pub fn load() -> Spec {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/openapi.yaml");
        let text = std::fs::read_to_string(path).expect("openapi.yaml is readable");
        let doc: Value = serde_norway::from_str(&text).expect("openapi.yaml is valid YAML");
        Spec { doc }
    }

    /// The whole document.
    pub fn doc(&self) -> &Value {
        &self.doc
    }

    /// Every operation as (upper-case method, path template).
    pub fn operations(&self) -> BTreeSet<(String, String)> {
        let paths = self.doc["paths"].as_object().expect("paths is an object");
        paths
            .iter()
            .flat_map(|(path, item)| {
                let item = item.as_object().expect("a path item is an object");
                METHODS
                    .iter()
                    .filter(|m| item.contains_key(**m))
                    .map(|m| (m.to_uppercase(), path.clone()))
            })
            .collect()
    }

    /// The operation object for `method` on `path`.
    pub fn operation(&self, method: &str, path: &str) -> &Value {
        let op = &self.doc["paths"][path][method.to_lowercase()];
        assert!(op.is_object(), "the spec has no operation {method} {path}");
        op
    }

    /// The response object documented for `status` of an operation, `$ref`s followed.
    pub fn response(&self, method: &str, path: &str, status: u16) -> &Value {
        let documented = &self.operation(method, path)["responses"][status.to_string()];
        assert!(
            documented.is_object(),
            "{method} {path} does not document status {status}"
        );
        self.resolve(documented)
    }

    /// Follows a local `$ref` (`#/components/...`) if `value` is one.
    pub fn resolve<'a>(&'a self, value: &'a Value) -> &'a Value {
        match value.get("$ref").and_then(Value::as_str) {
            Some(reference) => {
                let pointer = reference.strip_prefix('#').expect("a local $ref");
                self.doc.pointer(pointer).expect("the $ref resolves")
            }
            None => value,
        }
    }

    /// A validator for `schema`, a schema object taken from this document.
    pub fn validator(&self, schema: &Value) -> jsonschema::Validator {
        let root = json!({
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "components": self.doc["components"],
            "allOf": [schema],
        });
        jsonschema::draft202012::options()
            .should_validate_formats(true)
            .build(&root)
            .unwrap_or_else(|e| panic!("schema {schema} does not compile: {e}"))
    }

    /// A validator for the named schema of `components/schemas`.
    pub fn component(&self, name: &str) -> jsonschema::Validator {
        assert!(
            self.doc["components"]["schemas"][name].is_object(),
            "no schema {name}"
        );
        self.validator(&json!({ "$ref": format!("#/components/schemas/{name}") }))
    }
}

/// Panics with every violation if `value` does not validate.
pub fn assert_valid(validator: &jsonschema::Validator, value: &Value, what: &str) {
    let errors: Vec<String> = validator
        .iter_errors(value)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect();
    assert!(
        errors.is_empty(),
        "{what} violates the spec:\n  {}\nvalue: {value}",
        errors.join("\n  ")
    );
}

/// The spec's path template a request path belongs to (`/puzzles/easy50` → `/puzzles/{name}`).
pub fn template_of(uri: &str) -> String {
    let path = uri.split('?').next().unwrap_or(uri);
    match path.strip_prefix("/puzzles/") {
        Some(_) => "/puzzles/{name}".to_string(),
        None => path.to_string(),
    }
}

/// Asserts that the operation documents `answer`'s status and media type and that its body
/// validates against that schema; returns the body as JSON (YAML parsed; other text as a string).
pub fn assert_documented(spec: &Spec, method: &str, uri: &str, answer: &TestResponse) -> Value {
    let template = template_of(uri);
    let response = spec.response(method, &template, answer.status.as_u16());
    let media_type = answer.media_type();
    let media = &response["content"][&media_type];
    let what = format!("{method} {uri} {}", answer.status);
    assert!(
        media.is_object(),
        "{what} is not documented as {media_type:?}"
    );
    let value = match media_type.as_str() {
        // A stream of lines: the schema is each line's.
        "application/x-ndjson" => {
            let lines = ndjson_lines(&answer.text);
            let validator = spec.validator(&media["schema"]);
            for (n, line) in lines.iter().enumerate() {
                assert_valid(&validator, line, &format!("{what}, line {}", n + 1));
            }
            return Value::Array(lines);
        }
        t if t.ends_with("json") => answer.json(),
        t if t.ends_with("yaml") => serde_norway::from_str(&answer.text).expect("a YAML body"),
        _ => Value::String(answer.text.clone()),
    };
    assert_valid(&spec.validator(&media["schema"]), &value, &what);
    value
}

/// The lines of an NDJSON body, each parsed.
pub fn ndjson_lines(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| {
            serde_json::from_str(l).unwrap_or_else(|e| panic!("not an NDJSON line ({e}): {l:?}"))
        })
        .collect()
}
