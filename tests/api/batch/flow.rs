//! The flow of a batch stream: answers while the body is still being sent, back-pressure on a
//! slow reader, a client that leaves mid-stream, and the line limit and idle timeout.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn answers_arrive_while_the_body_is_still_being_sent() {
    let live = start(config(2)).await;
    let mut batch = Batch::start(live.addr, "application/x-ndjson").await;
    for n in 1..=3u64 {
        batch.send(&format!("\"{EASY}\"\n")).await;
        // The body is not finished: this answer can only come from streaming.
        let answer = batch.answers.line().await.unwrap();
        assert_eq!(answer["line"], n);
        assert_eq!(answer["solution"], EASY_SOLUTION);
    }
    batch.finish().await;
    let rest = batch.answers.all().await;
    assert_eq!(summary(&rest)["count"], 3);
    live.shutdown.send(()).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_large_request_read_slowly_is_back_pressured_and_answered_whole_in_order() {
    const LINES: usize = 200_000;
    // The body is read ahead into the spool, 256 KiB in memory and 4 MiB on disk, and no further.
    let spool = SpoolLimits {
        memory_bytes: 256 * 1024,
        disk_bytes: 4 * 1024 * 1024,
        dir: None,
    };
    let batch_limits = BatchLimits {
        spool,
        ..BatchLimits::default()
    };
    let live = start(ServerConfig {
        batch: batch_limits,
        ..config(2)
    })
    .await;
    let mut batch = Batch::start(live.addr, "text/plain").await;
    let mut send = batch.send;
    let writer = tokio::spawn(async move {
        let mut block = String::new();
        for k in 0..LINES {
            // A comment after each puzzle makes the body far larger than every buffer between the
            // two ends, so only back-pressure can stop the writer.
            block.push_str(&quick(k));
            block.push_str(PADDING);
            block.push('\n');
            if block.len() > 60_000 {
                send_chunk(&mut send, &block).await;
                block.clear();
            }
        }
        send_chunk(&mut send, &block).await;
        send.write_all(b"0\r\n\r\n").await.unwrap();
        send
    });
    // Read one answer, then stop reading: the server may answer only what the socket buffers and
    // its window hold, and may read only what its spool holds, so the writer stalls too.
    assert_eq!(batch.answers.line().await.unwrap()["line"], 1);
    let answered = settled_metric(
        live.addr,
        "sudoku_batch_lines_total",
        Duration::from_millis(300),
        PATIENCE,
    )
    .await;
    assert!(
        (answered as usize) < LINES,
        "the server read and answered all {answered} lines while the client read none"
    );
    assert!(
        !writer.is_finished(),
        "the body was read whole without back-pressure"
    );
    // Reading again, every answer comes, in order.
    let mut next = 2;
    while let Some(line) = batch.answers.line().await {
        if line.get("summary").is_some() {
            assert_eq!(line["summary"]["count"], LINES);
            assert_eq!(line["summary"]["solved"], LINES);
            break;
        }
        assert_eq!(line["line"], next);
        let solution = Grid::parse(line["solution"].as_str().unwrap()).unwrap();
        assert!(solution.solves(&Grid::parse(&quick(next as usize - 1)).unwrap()));
        next += 1;
    }
    assert_eq!(next as usize, LINES + 1);
    batch.send = writer.await.unwrap();
    live.shutdown.send(()).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_leaves_mid_stream_frees_the_workers() {
    const LINES: usize = 20_000;
    let live = start(config(1)).await;
    let mut batch = Batch::start(live.addr, "text/plain").await;
    let mut send = batch.send;
    let writer = tokio::spawn(async move {
        let block = format!("{HARD1}\n").repeat(500);
        for _ in 0..LINES / 500 {
            send_chunk(&mut send, &block).await;
        }
    });
    assert_eq!(batch.answers.line().await.unwrap()["line"], 1);
    writer.abort();
    let _ = writer.await;
    drop(batch.answers);
    // The server notices within a few lines (how many depends on the machine's load; a busy
    // gauge of 0 can be read between two of them): the count of answered lines stops, far short
    // of what was sent, and the worker is idle.
    let answered = settled_metric(
        live.addr,
        "sudoku_batch_lines_total",
        Duration::from_millis(500),
        Duration::from_secs(30),
    )
    .await;
    assert!((answered as usize) < LINES, "{answered} lines answered");
    wait_for_metric(live.addr, "sudoku_workers_busy", 0, Duration::from_secs(30)).await;
    // The worker is free for others at once.
    let r = exchange(
        live.addr,
        &crate::wire::post("/solve", &json!({ "puzzle": EASY }).to_string()),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    live.shutdown.send(()).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_line_limit_and_the_idle_timeout_end_the_input_with_a_record_in_place() {
    let limits = BatchLimits {
        max_lines: 3,
        idle_timeout: Duration::from_millis(300),
        ..BatchLimits::default()
    };
    let live = start(ServerConfig {
        batch: limits,
        ..config(2)
    })
    .await;
    let five = format!("{EASY}\n").repeat(5);
    let lines = batch(live.addr, "text/plain", &five).await;
    assert_eq!(lines.len(), 5, "{lines:?}");
    assert_eq!(lines[3]["line"], 4);
    assert_eq!(lines[3]["error"]["code"], "too_many_lines");
    assert_eq!(summary(&lines)["errors"], 1);

    let mut idle = Batch::start(live.addr, "text/plain").await;
    idle.send(&format!("{EASY}\n")).await;
    let lines = idle.answers.all().await;
    assert_eq!(lines[0]["verdict"], "unique");
    assert_eq!(lines[1]["line"], 2);
    assert_eq!(lines[1]["error"]["code"], "idle_timeout");
    assert_eq!(summary(&lines)["count"], 2);
    live.shutdown.send(()).unwrap();
}
