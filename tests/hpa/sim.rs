//! The Kubernetes HorizontalPodAutoscaler (autoscaling/v2) as it would run `deploy/`: its replica
//! rule, tolerance, stabilization windows and scaling policies, applied second by second to a load
//! whose CPU cost per request is the measured figure of docs/deployment.md's capacity table.
//!
//! What it follows of the controller (kube-controller-manager's replica calculator and
//! `behavior` handling): every 15 s sync, `desired = ceil(current x utilisation / target)`, with
//! no change while the ratio is within 0.1 of 1; on a scale-up, pods not yet ready count as using
//! nothing; the recommendation is the smallest of the scale-up window's and the largest of the
//! scale-down window's; the change is then limited by the direction's policies over their period
//! and clamped to `minReplicas..=maxReplicas`. What it simplifies: CPU is read at the sync instant
//! (metrics-server averages over about 15 s), the load spreads evenly over ready pods, and a new
//! pod is ready [`POD_READY_S`] after it is asked for (an assumption, not a measurement).

use std::collections::VecDeque;
use std::path::Path;

use serde_norway::Value;

/// Seconds between two HPA syncs (`--horizontal-pod-autoscaler-sync-period`'s default).
pub const SYNC_S: u64 = 15;
/// The controller's tolerance around a ratio of 1 (its default).
pub const TOLERANCE: f64 = 0.1;
/// Seconds from a replica being asked for to its pod being ready (scheduling, a cached image, the
/// startup probe's first success, one readiness period): assumed, since no cluster runs here.
pub const POD_READY_S: u64 = 10;

/// One scaling policy: how much a direction may change within `period_s`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Policy {
    /// At most this many pods.
    Pods { value: u32, period_s: u64 },
    /// At most this percentage of the pods at the period's start.
    Percent { value: u32, period_s: u64 },
}

/// One direction's `behavior`: its stabilization window and policies (`selectPolicy: Max`, the
/// default, picks the policy allowing the largest change).
#[derive(Clone, Debug, PartialEq)]
pub struct Behavior {
    pub window_s: u64,
    pub policies: Vec<Policy>,
}

/// What the manifests say, with Kubernetes' defaults where they say nothing.
#[derive(Clone, Debug, PartialEq)]
pub struct Manifests {
    /// The Deployment's `replicas`, where the HPA starts.
    pub initial: u32,
    pub min: u32,
    pub max: u32,
    /// `averageUtilization`, as a fraction of the CPU request.
    pub target: f64,
    /// The container's CPU request, in cores (utilisation is measured against it).
    pub request_cores: f64,
    /// The container's CPU limit, in cores: what one pod can use at most.
    pub limit_cores: f64,
    pub scale_up: Behavior,
    pub scale_down: Behavior,
}

impl Manifests {
    /// Reads `deploy/hpa.yaml` and `deploy/deployment.yaml` under `root`.
    pub fn load(root: &Path) -> Manifests {
        let read = |name: &str| -> Value {
            let text = std::fs::read_to_string(root.join("deploy").join(name)).unwrap();
            serde_norway::from_str(&text).unwrap()
        };
        let hpa = read("hpa.yaml");
        let deployment = read("deployment.yaml");
        let spec = &hpa["spec"];
        let container = &deployment["spec"]["template"]["spec"]["containers"][0];
        let metric = &spec["metrics"][0]["resource"];
        assert_eq!(
            metric["name"].as_str(),
            Some("cpu"),
            "the HPA scales on CPU"
        );
        let behavior = &spec["behavior"];
        Manifests {
            initial: number(&deployment["spec"]["replicas"]) as u32,
            min: number(&spec["minReplicas"]) as u32,
            max: number(&spec["maxReplicas"]) as u32,
            target: number(&metric["target"]["averageUtilization"]) / 100.0,
            request_cores: cores(&container["resources"]["requests"]["cpu"]),
            limit_cores: cores(&container["resources"]["limits"]["cpu"]),
            scale_up: direction(&behavior["scaleUp"], up_default()),
            scale_down: direction(&behavior["scaleDown"], down_default()),
        }
    }
}

fn number(value: &Value) -> f64 {
    value
        .as_f64()
        .or_else(|| value.as_str().and_then(|s| s.parse().ok()))
        .unwrap_or_else(|| panic!("not a number: {value:?}"))
}

/// A CPU quantity: `250m` or `"2"`.
fn cores(value: &Value) -> f64 {
    match value.as_str().and_then(|s| s.strip_suffix('m')) {
        Some(milli) => milli.parse::<f64>().unwrap() / 1000.0,
        None => number(value),
    }
}

/// Kubernetes' default scale-up: no window; double, or add 4 pods, per 15 s, whichever is more.
fn up_default() -> Behavior {
    Behavior {
        window_s: 0,
        policies: vec![
            Policy::Percent {
                value: 100,
                period_s: 15,
            },
            Policy::Pods {
                value: 4,
                period_s: 15,
            },
        ],
    }
}

/// Kubernetes' default scale-down: a 300 s window; down to the minimum in one step.
fn down_default() -> Behavior {
    Behavior {
        window_s: 300,
        policies: vec![Policy::Percent {
            value: 100,
            period_s: 15,
        }],
    }
}

/// A direction's behaviour: what the manifest says, each absent member from `default`.
fn direction(written: &Value, default: Behavior) -> Behavior {
    if let Some(select) = written["selectPolicy"].as_str() {
        assert_eq!(select, "Max", "only selectPolicy Max is simulated");
    }
    let window_s = written["stabilizationWindowSeconds"]
        .as_u64()
        .unwrap_or(default.window_s);
    let policies = match written["policies"].as_sequence() {
        Some(list) => list
            .iter()
            .map(|p| {
                let value = number(&p["value"]) as u32;
                let period_s = number(&p["periodSeconds"]) as u64;
                match p["type"].as_str() {
                    Some("Pods") => Policy::Pods { value, period_s },
                    Some("Percent") => Policy::Percent { value, period_s },
                    other => panic!("unknown policy type {other:?}"),
                }
            })
            .collect(),
        None => default.policies,
    };
    Behavior { window_s, policies }
}

/// One sampled second of a run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    pub t: u64,
    /// Requests per second offered.
    pub load: f64,
    /// Replicas asked for.
    pub replicas: u32,
    /// Of those, ready and serving.
    pub ready: u32,
    /// Average CPU of the ready pods as a fraction of their request.
    pub utilisation: f64,
    /// The fraction of the load beyond what the ready pods can serve (shed as 503s).
    pub shed: f64,
}

/// The HPA and its Deployment, run second by second.
pub struct Cluster {
    m: Manifests,
    /// When each asked-for pod is (or was) ready, oldest first.
    pods: Vec<u64>,
    /// Past raw recommendations, for the stabilization windows.
    recommendations: VecDeque<(u64, u32)>,
    /// Past scale events (time, change), for the policies' periods.
    events: Vec<(u64, i64)>,
}

impl Cluster {
    /// The Deployment as applied: its replicas ready at time 0.
    pub fn new(m: Manifests) -> Cluster {
        let initial = m.initial.clamp(m.min, m.max);
        Cluster {
            pods: vec![0; initial as usize],
            m,
            recommendations: VecDeque::new(),
            events: Vec::new(),
        }
    }

    /// Runs `seconds` seconds of `load(t)` requests/s costing `cpu_s` CPU-seconds each.
    pub fn run(&mut self, seconds: u64, cpu_s: f64, load: impl Fn(u64) -> f64) -> Vec<Sample> {
        (0..seconds)
            .map(|t| {
                let sample = self.observe(t, load(t), cpu_s);
                if t > 0 && t % SYNC_S == 0 {
                    self.sync(t, &sample, load(t) * cpu_s);
                }
                sample
            })
            .collect()
    }

    fn observe(&self, t: u64, load: f64, cpu_s: f64) -> Sample {
        let ready = self.pods.iter().filter(|&&at| at <= t).count() as u32;
        let demand = load * cpu_s;
        let capacity = f64::from(ready) * self.m.limit_cores;
        let used = demand.min(capacity);
        Sample {
            t,
            load,
            replicas: self.pods.len() as u32,
            ready,
            utilisation: used / f64::from(ready.max(1)) / self.m.request_cores,
            shed: if demand > 0.0 {
                (demand - used) / demand
            } else {
                0.0
            },
        }
    }

    /// One HPA sync at `t`.
    fn sync(&mut self, t: u64, seen: &Sample, demand: f64) {
        let current = self.pods.len() as u32;
        let raw = self.raw_desired(seen, demand);
        self.recommendations.push_back((t, raw));
        let longest = self.m.scale_up.window_s.max(self.m.scale_down.window_s);
        while self
            .recommendations
            .front()
            .is_some_and(|&(at, _)| at + longest < t)
        {
            self.recommendations.pop_front();
        }
        let stabilized = self.stabilized(t, current, raw);
        let limited = self.rate_limited(t, current, stabilized);
        let desired = limited.clamp(self.m.min, self.m.max);
        if desired > current {
            self.pods.extend(std::iter::repeat_n(
                t + POD_READY_S,
                (desired - current) as usize,
            ));
        } else {
            // The newest pods go first, as a ReplicaSet prefers not-yet-ready ones.
            self.pods.truncate(desired as usize);
        }
        if desired != current {
            self.events
                .push((t, i64::from(desired) - i64::from(current)));
        }
    }

    /// The replica calculator: no change within the tolerance; on a scale-up, unready pods count
    /// as using nothing (so pods still starting are not asked for twice).
    fn raw_desired(&self, seen: &Sample, demand: f64) -> u32 {
        let current = self.pods.len() as u32;
        let ratio = seen.utilisation / self.m.target;
        if (ratio - 1.0).abs() <= TOLERANCE {
            return current;
        }
        let used = demand.min(f64::from(seen.ready) * self.m.limit_cores);
        if ratio > 1.0 && seen.ready < current {
            let spread = used / f64::from(current) / self.m.request_cores / self.m.target;
            if spread <= 1.0 + TOLERANCE {
                return current;
            }
            return (spread * f64::from(current)).ceil() as u32;
        }
        (ratio * f64::from(seen.ready)).ceil() as u32
    }

    /// The stabilization windows: the lowest recommendation of the scale-up window and the highest
    /// of the scale-down window bound the change.
    fn stabilized(&self, t: u64, current: u32, raw: u32) -> u32 {
        let within = |window: u64| {
            self.recommendations
                .iter()
                .filter(move |&&(at, _)| at + window >= t)
                .map(|&(_, r)| r)
        };
        let up = within(self.m.scale_up.window_s).fold(raw, u32::min);
        let down = within(self.m.scale_down.window_s).fold(raw, u32::max);
        current.max(up).min(down)
    }

    /// The policies: a change is limited by the replicas at the start of each policy's period;
    /// `selectPolicy: Max` takes the policy allowing the most.
    fn rate_limited(&self, t: u64, current: u32, desired: u32) -> u32 {
        let changed_since = |period: u64, up: bool| -> i64 {
            self.events
                .iter()
                .filter(|&&(at, change)| at + period > t && (change > 0) == up)
                .map(|&(_, change)| change)
                .sum()
        };
        let start = |period: u64, up: bool| (i64::from(current) - changed_since(period, up)) as f64;
        if desired > current {
            let limit = self
                .m
                .scale_up
                .policies
                .iter()
                .map(|p| match *p {
                    Policy::Pods { value, period_s } => start(period_s, true) + f64::from(value),
                    Policy::Percent { value, period_s } => {
                        (start(period_s, true) * (1.0 + f64::from(value) / 100.0)).ceil()
                    }
                })
                .fold(f64::MIN, f64::max);
            desired.min(limit as u32)
        } else if desired < current {
            let limit = self
                .m
                .scale_down
                .policies
                .iter()
                .map(|p| match *p {
                    Policy::Pods { value, period_s } => start(period_s, false) - f64::from(value),
                    Policy::Percent { value, period_s } => {
                        (start(period_s, false) * (1.0 - f64::from(value) / 100.0)).floor()
                    }
                })
                .fold(f64::MAX, f64::min);
            desired.max(limit.max(0.0) as u32)
        } else {
            desired
        }
    }
}
