//! What has no rule here is refused by name: features, sizes, cells off the grid.

use serde_json::json;

use super::*;

#[tokio::test]
async fn every_feature_without_a_rule_here_is_refused_by_name() {
    let cell = json!([{"cell": "R1C1"}]);
    let cells = json!([{"cells": ["R1C1", "R1C2"], "value": "1"}]);
    let line = json!([{"lines": [["R1C1", "R1C2", "R1C3"]]}]);
    let cases = [
        ("minimum", json!({"minimum": cell}), "fpuzzles.minimum"),
        ("maximum", json!({"maximum": cell}), "fpuzzles.maximum"),
        (
            "clone",
            json!({"clone": [{"cells": ["R1C1"], "cloneCells": ["R9C9"]}]}),
            "fpuzzles.clone",
        ),
        (
            "quadruple",
            json!({"quadruple": [{"cells": ["R1C1", "R1C2", "R2C1", "R2C2"], "values": [1]}]}),
            "fpuzzles.quadruple",
        ),
        (
            "betweenline",
            json!({"betweenline": line}),
            "fpuzzles.betweenline",
        ),
        ("cage", json!({"cage": cells}), "fpuzzles.cage"),
        ("line", json!({"line": line}), "fpuzzles.line"),
        (
            "text",
            json!({"text": [{"cells": ["R1C1"], "value": "X"}]}),
            "fpuzzles.text",
        ),
        (
            "circle",
            json!({"circle": [{"cells": ["R1C1"]}]}),
            "fpuzzles.circle",
        ),
        (
            "rectangle",
            json!({"rectangle": [{"cells": ["R1C1"]}]}),
            "fpuzzles.rectangle",
        ),
        (
            "killercage",
            json!({"killercage": [{"cells": ["R1C1", "R1C2"]}]}),
            "fpuzzles.killercage",
        ),
        (
            "difference",
            json!({"difference": [{"cells": ["R1C1", "R1C2"], "value": "2"}]}),
            "fpuzzles.difference",
        ),
        (
            "ratio",
            json!({"ratio": [{"cells": ["R1C1", "R1C2"], "value": 3}]}),
            "fpuzzles.ratio",
        ),
        (
            "negative.ratio",
            json!({"negative": ["ratio"]}),
            "fpuzzles.negative.ratio",
        ),
        (
            "negative.difference",
            json!({"negative": ["difference"]}),
            "fpuzzles.negative.difference",
        ),
        (
            "extraregion",
            json!({"extraregion": [{"cells": ["R1C1", "R5C5"]}]}),
            "fpuzzles.extraregion",
        ),
        (
            "nonconsecutive",
            json!({"nonconsecutive": true, "difference": [{"cells": ["R1C1", "R1C2"]}]}),
            "fpuzzles.nonconsecutive",
        ),
        (
            "fogofwar",
            json!({"fogofwar": ["R1C1"]}),
            "fpuzzles.fogofwar",
        ),
    ];
    for (feature, extra, field) in cases {
        let r = post_json("/import", json!({"fpuzzles": doc(extra.clone())})).await;
        let body = assert_problem(&r, 422, "unsupported_value");
        assert_eq!(body["received"], feature, "{body}");
        assert_eq!(body["field"], field, "{body}");
        assert!(
            body["detail"]
                .as_str()
                .unwrap()
                .contains(feature.split('.').next().unwrap()),
            "{body}"
        );
        // The same through a link, and on a route that solves.
        let r = post_json("/solve", json!({"link": link_of(&doc(extra))})).await;
        let body = assert_problem(&r, 422, "unsupported_value");
        assert_eq!(body["received"], feature, "{body}");
        assert_eq!(body["field"], "link", "{body}");
    }
    // SudokuPad's success message, a cage with a `msgcorrect` value, carries no rule.
    let message = json!({"cage": [{"cells": ["R1C1"], "value": "msgcorrect: Well done!"}]});
    let r = post_json("/import", json!({"fpuzzles": doc(message)})).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let mut pencil = doc(json!({}));
    pencil["grid"][2][2] = json!({"givenPencilMarks": [1, 2]});
    let r = post_json("/import", json!({"fpuzzles": pencil})).await;
    let body = assert_problem(&r, 422, "unsupported_value");
    assert_eq!(body["received"], "grid.givenPencilMarks");
}

#[tokio::test]
async fn sizes_and_cells_off_the_grid_are_refused() {
    let r = post_json("/import", json!({"fpuzzles": {"size": 17}})).await;
    let body = assert_problem(&r, 422, "unsupported_value");
    assert_eq!(body["field"], "fpuzzles.size");
    assert_eq!(body["received"], "17");
    let r = post_json(
        "/import",
        json!({"fpuzzles": {"size": 9, "grid": blank(4)}}),
    )
    .await;
    assert_problem(&r, 400, "invalid_field");
    let thermo = json!([{"lines": [["R1C1", "R10C1"]]}]);
    let r = post_json(
        "/import",
        json!({"fpuzzles": doc(json!({"thermometer": thermo}))}),
    )
    .await;
    let body = assert_problem(&r, 422, "unsupported_value");
    assert_eq!(body["field"], "fpuzzles.thermometer[0].lines[0][1]");
    assert_eq!(body["received"], "R10C1");
    let mut bad = doc(json!({}));
    bad["grid"][0][0] = json!({"value": 10, "given": true});
    let r = post_json("/import", json!({"fpuzzles": bad})).await;
    let body = assert_problem(&r, 422, "unsupported_value");
    assert_eq!(body["field"], "fpuzzles.grid[0][0].value");
}
