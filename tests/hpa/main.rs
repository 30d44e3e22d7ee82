//! The capacity guide's scaling claims, checked by simulation (no cluster runs here): the HPA of
//! `deploy/` ([`sim`]) driven by load ramps priced at the measured CPU per request of the capacity
//! table in `docs/deployment.md` ([`GUIDE`]). That page's HPA table is this simulation's output, so
//! a change to the manifests or to the measured figures fails here, and the failure prints the
//! table to paste (`cargo test --test hpa`).

mod sim;

use std::path::Path;

use sim::{Behavior, Cluster, Manifests, Policy, Sample, POD_READY_S, SYNC_S};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn manifests() -> Manifests {
    Manifests::load(root())
}

/// The capacity guide: its capacity table (read here) and its HPA table (checked here).
const GUIDE: &str = "docs/deployment.md";

fn guide() -> String {
    std::fs::read_to_string(root().join(GUIDE)).unwrap()
}

/// The server CPU per request of the capacity table's row starting `row`, in seconds.
fn cpu_per_request(guide: &str, row: &str) -> f64 {
    let line = guide
        .lines()
        .find(|l| l.starts_with(row))
        .unwrap_or_else(|| panic!("the capacity table of {GUIDE} has no row {row:?}"));
    let cell = line.split('|').nth(2).unwrap().trim();
    let (number, unit) = cell.split_once(' ').unwrap();
    let number: f64 = number.parse().unwrap();
    match unit {
        "µs" => number / 1e6,
        "ms" => number / 1e3,
        other => panic!("unit {other:?}"),
    }
}

/// A load: `before` requests/s, ramped linearly to `peak` over `ramp_s` from `rise_at`, held until
/// `fall_at`, then `before` again.
#[derive(Clone, Copy)]
struct Ramp {
    before: f64,
    peak: f64,
    rise_at: u64,
    ramp_s: u64,
    fall_at: u64,
}

impl Ramp {
    fn at(&self, t: u64) -> f64 {
        if t < self.rise_at || t >= self.fall_at {
            self.before
        } else if t < self.rise_at + self.ramp_s {
            let done = (t - self.rise_at) as f64 / self.ramp_s as f64;
            self.before + (self.peak - self.before) * done
        } else {
            self.peak
        }
    }
}

/// One scenario of the HPA table.
struct Scenario {
    endpoint: &'static str,
    row: &'static str,
    ramp: Ramp,
}

const RUN_S: u64 = 1800;

fn scenarios() -> Vec<Scenario> {
    let ramp = |before, peak| Ramp {
        before,
        peak,
        rise_at: 120,
        ramp_s: 120,
        fall_at: 900,
    };
    vec![
        Scenario {
            endpoint: "`POST /solve`",
            row: "| `POST /solve` (Norvig's easy50) |",
            ramp: ramp(500.0, 10_000.0),
        },
        Scenario {
            endpoint: "`POST /solve`",
            row: "| `POST /solve` (Norvig's easy50) |",
            ramp: ramp(500.0, 30_000.0),
        },
        Scenario {
            endpoint: "`GET /random?difficulty=hard`",
            row: "| `GET /random?difficulty=hard` |",
            ramp: ramp(20.0, 500.0),
        },
        Scenario {
            endpoint: "`GET /random?difficulty=hard`",
            row: "| `GET /random?difficulty=hard` |",
            ramp: ramp(20.0, 2_000.0),
        },
    ]
}

/// The replicas the guide's rule of thumb gives: `ceil(load x cpu / (request x target))`, clamped.
fn rule_of_thumb(m: &Manifests, load: f64, cpu_s: f64) -> u32 {
    let per_pod = m.request_cores * m.target;
    ((load * cpu_s / per_pod).ceil() as u32).clamp(m.min, m.max)
}

/// The first second from `from` on after which the replicas stay at the run's value at `until`.
fn settled(samples: &[Sample], from: u64, until: u64) -> (u32, u64) {
    let last = samples[until as usize - 1].replicas;
    let since = (from..until)
        .rev()
        .take_while(|&t| samples[t as usize].replicas == last)
        .last()
        .unwrap_or(until);
    (last, since - from)
}

/// The HPA table's rows, one per scenario.
fn table() -> Vec<String> {
    let m = manifests();
    let guide = guide();
    scenarios()
        .iter()
        .map(|s| {
            let cpu_s = cpu_per_request(&guide, s.row);
            let mut cluster = Cluster::new(m.clone());
            let samples = cluster.run(RUN_S, cpu_s, |t| s.ramp.at(t));
            let r = s.ramp;
            let (peak_replicas, up_s) = settled(&samples, r.rise_at, r.fall_at);
            let (rest_replicas, down_s) = settled(&samples, r.fall_at, RUN_S);
            let shed = samples.iter().map(|x| x.shed).fold(0.0, f64::max);
            let at_peak = &samples[r.fall_at as usize - 1];
            format!(
                "| {} | {} → {}/s | {:.2} | {} | {} ({:.0}%) | {} s | {:.1}% | {} after {} s |",
                s.endpoint,
                r.before,
                r.peak,
                r.peak * cpu_s,
                rule_of_thumb(&m, r.peak, cpu_s),
                peak_replicas,
                at_peak.utilisation * 100.0,
                up_s,
                shed * 100.0,
                rest_replicas,
                down_s,
            )
        })
        .collect()
}

#[test]
fn the_guide_shows_the_simulation_of_the_manifests_as_they_are() {
    let guide = guide();
    let rows = table();
    let header = "| load | ramp | cores at peak | rule of thumb | replicas at peak (CPU of request) | settled after | most shed | after the drop |\n|---|---|---:|---:|---:|---:|---:|---|";
    for row in &rows {
        assert!(
            guide.contains(row),
            "the HPA table of {GUIDE} lacks {row:?}; the simulation's table is:\n{header}\n{}",
            rows.join("\n")
        );
    }
    assert!(
        guide.contains(header),
        "{GUIDE} lacks the table's header:\n{header}"
    );
}

/// The value after `key:` on the first line of `file` that has it, read as plain text: a second
/// reading of the manifests, independent of the simulation's YAML walk.
fn written(file: &str, key: &str) -> String {
    let text = std::fs::read_to_string(root().join("deploy").join(file)).unwrap();
    text.lines()
        .find_map(|l| l.trim().strip_prefix(&format!("{key}:")))
        .unwrap_or_else(|| panic!("{file} has no {key}"))
        .trim()
        .trim_matches('"')
        .to_string()
}

#[test]
fn the_simulation_reads_the_manifests_numbers() {
    let m = manifests();
    assert_eq!(m.min.to_string(), written("hpa.yaml", "minReplicas"));
    assert_eq!(m.max.to_string(), written("hpa.yaml", "maxReplicas"));
    assert_eq!(
        format!("{:.0}", m.target * 100.0),
        written("hpa.yaml", "averageUtilization")
    );
    assert_eq!(
        m.scale_down.window_s.to_string(),
        written("hpa.yaml", "stabilizationWindowSeconds")
    );
    assert_eq!(
        m.initial.to_string(),
        written("deployment.yaml", "replicas")
    );
    assert_eq!(
        format!("{}m", (m.request_cores * 1000.0).round()),
        written("deployment.yaml", "cpu")
    );
    // The manifests set no scale-up behaviour: Kubernetes' default applies.
    assert_eq!(m.scale_up.window_s, 0);
    assert_eq!(
        m.scale_up.policies,
        [
            Policy::Percent {
                value: 100,
                period_s: 15
            },
            Policy::Pods {
                value: 4,
                period_s: 15
            }
        ]
    );
}

/// Manifests with round numbers, for the controller's rules alone.
fn plain() -> Manifests {
    Manifests {
        initial: 2,
        min: 2,
        max: 20,
        target: 0.5,
        request_cores: 1.0,
        limit_cores: 4.0,
        scale_up: Behavior {
            window_s: 0,
            policies: vec![Policy::Pods {
                value: 1,
                period_s: 60,
            }],
        },
        scale_down: Behavior {
            window_s: 120,
            policies: vec![Policy::Percent {
                value: 100,
                period_s: 15,
            }],
        },
    }
}

#[test]
fn a_utilisation_within_the_tolerance_changes_nothing() {
    // 1.08 cores over 2 pods is 54% of their request, 1.08 times the 50% target: within 0.1.
    let samples = Cluster::new(plain()).run(300, 1.0, |_| 1.08);
    assert!(samples.iter().all(|s| s.replicas == 2));
    // Just past the tolerance it scales.
    let samples = Cluster::new(plain()).run(300, 1.0, |_| 1.12);
    assert_eq!(samples.last().unwrap().replicas, 3);
}

#[test]
fn scaling_up_is_limited_by_the_policies_and_counts_starting_pods_as_idle() {
    // 10 cores wanted at 50% of 1 core: 20 pods, one more a minute (Pods 1 per 60 s). A sample
    // is taken before the sync of its second.
    let samples = Cluster::new(plain()).run(200, 1.0, |_| 10.0);
    let after = |t: u64| samples[t as usize + 1];
    assert_eq!(after(SYNC_S).replicas, 3);
    assert_eq!(after(SYNC_S + 59).replicas, 3);
    assert_eq!(after(SYNC_S + 60).replicas, 4);
    let new = after(SYNC_S);
    assert_eq!((new.replicas, new.ready), (3, 2), "not ready yet");
    assert_eq!(samples[(SYNC_S + POD_READY_S) as usize].ready, 3);
    // Kubernetes' default policies double or add 4 a sync, whichever is more: 2, 6, 12, 20.
    let mut m = plain();
    m.scale_up.policies = manifests().scale_up.policies;
    let samples = Cluster::new(m).run(200, 1.0, |_| 10.0);
    let at = |k: u64| samples[(k * SYNC_S) as usize + 1].replicas;
    assert_eq!((at(0), at(1), at(2), at(3)), (2, 6, 12, 20));
}

#[test]
fn scaling_down_waits_for_the_stabilization_window_and_stops_at_the_minimum() {
    // 4 cores at 50%: 8 pods; then nothing: down to 2 once 120 s of low recommendations are seen.
    let mut m = plain();
    m.scale_up.policies = manifests().scale_up.policies;
    let samples = Cluster::new(m).run(600, 1.0, |t| if t < 150 { 4.0 } else { 0.0 });
    assert_eq!(samples[149].replicas, 8);
    let dropped = 150 + samples[150..].iter().position(|s| s.replicas < 8).unwrap() as u64;
    assert!(dropped >= 150 + 120, "dropped at {dropped}");
    assert_eq!(samples.last().unwrap().replicas, 2);
}

#[test]
fn the_maximum_caps_the_replicas_and_what_they_cannot_serve_is_shed() {
    let mut m = plain();
    m.scale_up.policies = manifests().scale_up.policies;
    let samples = Cluster::new(m).run(300, 1.0, |_| 100.0);
    let last = samples.last().unwrap();
    assert_eq!(last.replicas, 20);
    // 20 pods of 4 cores serve 80 of the 100 cores asked.
    assert!((last.shed - 0.2).abs() < 1e-9, "{last:?}");
}
