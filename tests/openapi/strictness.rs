//! The spec checked on its own: its examples validate against their schemas, and its schemas are
//! strict enough to reject answers that break the contract.

use serde_json::json;

use crate::spec::{assert_valid, Spec};
use crate::{GRID2, GRID2_SOLUTION};

#[test]
fn every_example_in_the_spec_validates_against_its_schema() {
    let spec = Spec::load();
    let mut checked = 0;
    for (method, path) in spec.operations() {
        let operation = spec.operation(&method, &path);
        let mut contents = vec![("request".to_string(), &operation["requestBody"]["content"])];
        for (status, response) in operation["responses"].as_object().expect("responses") {
            contents.push((status.clone(), &spec.resolve(response)["content"]));
        }
        let media = contents
            .iter()
            .filter_map(|(what, c)| Some((what, c.as_object()?)));
        for (what, media) in media {
            for (media_type, body) in media {
                // A streamed body of lines (POST /solve/batch's NDJSON, CSV and text) has no
                // schema: any text is read, and a bad line is answered in its place.
                if body.get("schema").is_none() {
                    continue;
                }
                let validator = spec.validator(&body["schema"]);
                for (name, example) in body["examples"].as_object().into_iter().flatten() {
                    let label = format!("{method} {path} {what} {media_type} example {name}");
                    match (media_type.as_str(), &example["value"]) {
                        // An NDJSON example lists the lines; the schema is each line's.
                        ("application/x-ndjson", serde_json::Value::Array(lines)) => {
                            for line in lines {
                                assert_valid(&validator, line, &label);
                            }
                        }
                        (_, value) => assert_valid(&validator, value, &label),
                    }
                    checked += 1;
                }
            }
        }
    }
    assert!(checked >= 20, "only {checked} examples found");
}

#[test]
fn schemas_reject_answers_that_break_the_contract() {
    let spec = Spec::load();
    let stats = json!({ "nodes": 1, "guesses": 0, "max_depth": 0, "elapsed_us": 5 });
    let (sol, short) = (GRID2_SOLUTION, &GRID2_SOLUTION[1..]);
    let problem = |code: &str, status: u16| {
        let kind = format!("https://sudoku.example/problems/{code}");
        json!({ "type": kind, "title": "t", "status": status, "detail": "d", "code": code })
    };
    let bad_unit = json!([{ "digit": 1, "unit": "row Z", "squares": ["A1", "A2"] }]);
    let wrong = [
        (
            "SolveResponse",
            json!({ "status": "unique", "solutions": [], "stats": stats }),
        ),
        (
            "SolveResponse",
            json!({ "status": "none", "solution": sol, "solutions": [], "stats": stats }),
        ),
        (
            "SolveResponse",
            json!({ "status": "unique", "solution": short, "solutions": [short], "stats": stats }),
        ),
        (
            "SolveResponse",
            json!({ "status": "solved", "solution": sol, "solutions": [sol], "stats": stats }),
        ),
        (
            "SolveResponse",
            json!({ "status": "unique", "solution": sol, "solutions": [sol] }),
        ),
        (
            "ValidateResponse",
            json!({ "valid": false, "complete": false, "conflicts": [] }),
        ),
        (
            "ValidateResponse",
            json!({ "valid": false, "complete": false, "conflicts": bad_unit }),
        ),
        (
            "CandidatesResponse",
            json!({ "status": "ok", "candidates": ["21"], "solved_squares": 0, "display": "x" }),
        ),
        (
            "RandomResponse",
            json!({ "puzzle": GRID2, "givens": 17, "unique": true, "minimal": true, "seed": 1 }),
        ),
        ("Problem", problem("out_of_range", 422)),
        ("Problem", problem("not_found", 400)),
        ("Problem", problem("oops", 500)),
    ];
    for (schema, value) in wrong {
        assert!(
            !spec.component(schema).is_valid(&value),
            "{schema} accepted {value}"
        );
    }
    assert!(spec
        .component("Problem")
        .is_valid(&problem("not_found", 404)));
}

#[test]
fn the_technique_parameter_lists_exactly_the_supported_techniques() {
    let spec = Spec::load();
    let parameters = spec.operation("get", "/random")["parameters"]
        .as_array()
        .unwrap();
    let technique = parameters
        .iter()
        .find(|p| p["name"] == "technique")
        .expect("GET /random documents technique");
    let listed: Vec<&str> = technique["schema"]["enum"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    let supported: Vec<&str> = sudoku_service::engine::targeted::supported_techniques()
        .map(|t| t.id())
        .collect();
    assert_eq!(listed, supported);
}
