//! Request bodies through the real router: the first byte picks a POST endpoint, the rest is the
//! JSON body; no answer is a 500, and the only 5xx are the documented 503 and 504.
#![no_main]

use std::sync::OnceLock;
use std::time::Duration;

use libfuzzer_sys::fuzz_target;
use sudoku_service::config::ServerConfig;
use sudoku_service::http::{router, AppState};
use sudoku_service_fuzz::props;

/// One runtime and one router for the whole run: building them per input would be all it measured.
fn world() -> &'static (tokio::runtime::Runtime, axum::Router) {
    static WORLD: OnceLock<(tokio::runtime::Runtime, axum::Router)> = OnceLock::new();
    WORLD.get_or_init(|| {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .expect("a runtime");
        // A short cap: a body that buys a long search gets its documented 504 quickly.
        let config = ServerConfig {
            workers: 1,
            solve_timeout: Duration::from_millis(500),
            ..ServerConfig::default()
        };
        let app = runtime.block_on(async { router(AppState::new(&config)) });
        (runtime, app)
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, body)) = data.split_first() else {
        return;
    };
    let path = props::ENDPOINTS[usize::from(pick) % props::ENDPOINTS.len()];
    let (runtime, app) = world();
    runtime.block_on(props::post_body(app.clone(), path, body));
});
