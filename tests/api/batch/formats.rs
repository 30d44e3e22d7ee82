//! The body formats of `POST /solve/batch` (NDJSON, Kaggle's CSV layouts, a JSON array) answered
//! in input order with errors in their places, and what the route refuses.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ndjson_answers_come_in_input_order_with_errors_in_their_places_and_a_summary() {
    let live = start(config(2)).await;
    let wrong = EASY_SOLUTION.replace("483", "843");
    let body = [
        json!(EASY).to_string(),
        "not a puzzle".to_string(),
        json!({ "puzzle": EASY, "solution": EASY_SOLUTION }).to_string(),
        json!({ "puzzle": EASY, "solution": wrong }).to_string(),
        String::new(),
        json!({ "puzzle": "1..." , "rules": { "size": 4 } }).to_string(),
        json!({ "puzzle": "12..34..........", "rules": { "size": 4 } }).to_string(),
        json!(format!("55{}", ".".repeat(79))).to_string(),
        json!(".".repeat(81)).to_string(),
        "\"unterminated".to_string(),
    ]
    .join("\n");
    let lines = batch(live.addr, "application/x-ndjson", &body).await;
    let numbers: Vec<u64> = lines[..lines.len() - 1]
        .iter()
        .map(|l| l["line"].as_u64().unwrap())
        .collect();
    assert_eq!(numbers, [1, 2, 3, 4, 6, 7, 8, 9, 10], "{lines:#?}");
    assert_eq!(lines[0]["verdict"], "unique");
    assert_eq!(lines[0]["solution"], EASY_SOLUTION);
    assert!(lines[0].get("matches").is_none());
    assert_eq!(lines[1]["error"]["code"], "invalid_puzzle");
    assert_eq!(lines[2]["matches"], true);
    assert_eq!(lines[3]["matches"], false);
    assert_eq!(lines[3]["solution"], EASY_SOLUTION);
    assert_eq!(lines[4]["error"]["code"], "invalid_puzzle", "{}", lines[4]);
    assert!(lines[4]["error"]["detail"]
        .as_str()
        .unwrap()
        .starts_with("puzzle: "));
    assert!(["unique", "multiple"].contains(&lines[5]["verdict"].as_str().unwrap()));
    assert_eq!(lines[5]["solution"].as_str().unwrap().len(), 16);
    assert_eq!(lines[6]["verdict"], "none");
    assert!(lines[6]["conflict"].as_str().unwrap().contains("digit 5"));
    assert_eq!(lines[7]["verdict"], "multiple");
    assert_eq!(lines[8]["error"]["code"], "invalid_json");
    let summary = summary(&lines);
    assert_eq!(summary["count"], 9);
    assert_eq!(summary["solved"], 4);
    assert_eq!(summary["errors"], 3);
    assert!(summary["puzzles_per_second"].as_f64().unwrap() > 0.0);
    live.shutdown.send(()).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn both_kaggle_csv_layouts_are_read_by_their_header_names() {
    let live = start(config(2)).await;
    let wrong = EASY_SOLUTION.replace("483", "843");
    let layouts = [
        format!("quizzes,solutions\n{EASY},{EASY_SOLUTION}\n{EASY},{wrong}\n"),
        format!("id,puzzle,solution,clues,difficulty\n1,{EASY},{EASY_SOLUTION},32,0.0\n2,{EASY},{wrong},32,0.0\n"),
        // RFC 4180: quoted fields, a comma and a newline inside one, a doubled quote.
        format!("\"id\",\"note\",\"puzzle\",\"solution\"\n\"1\",\"a, b\",\"{EASY}\",\"{EASY_SOLUTION}\"\n2,\"two\nlines \"\"quoted\"\"\",{EASY},{wrong}\n"),
    ];
    for csv in layouts {
        let lines = batch(live.addr, "text/csv", &csv).await;
        assert_eq!(lines.len(), 3, "{lines:?}");
        assert_eq!(
            (&lines[0]["line"], &lines[0]["matches"]),
            (&json!(2), &json!(true))
        );
        assert_eq!(
            (&lines[1]["line"], &lines[1]["matches"]),
            (&json!(3), &json!(false))
        );
        assert_eq!(summary(&lines)["solved"], 1);
    }
    live.shutdown.send(()).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_json_array_is_answered_as_the_same_stream_and_bounded_in_count() {
    let live = start(config(2)).await;
    let body = json!([EASY, { "puzzle": EASY }, 7]).to_string();
    let lines = batch(live.addr, "application/json", &body).await;
    assert_eq!(lines[0]["line"], 1);
    assert_eq!(lines[1]["verdict"], "unique");
    assert_eq!(lines[2]["error"]["code"], "invalid_json");
    assert_eq!(summary(&lines)["count"], 3);
    let too_many = json!(vec![EASY; 10_001]).to_string();
    let mut over = Batch::start(live.addr, "application/json").await;
    over.send(&too_many).await;
    over.finish().await;
    assert_eq!(over.answers.status().await, 400);
    let mut object = Batch::start(live.addr, "application/json").await;
    object.send(&json!({ "puzzle": EASY }).to_string()).await;
    object.finish().await;
    assert_eq!(object.answers.status().await, 400);
    live.shutdown.send(()).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn other_media_types_and_methods_are_refused_with_problems() {
    let live = start(config(2)).await;
    let mut xml = Batch::start(live.addr, "application/xml").await;
    xml.finish().await;
    assert_eq!(xml.answers.status().await, 415);
    let get = exchange(live.addr, &get_request("/solve/batch")).await;
    assert_eq!(get.status, 405);
    assert_eq!(get.json()["code"], "method_not_allowed");
    live.shutdown.send(()).unwrap();
}
