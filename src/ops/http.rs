//! One HTTP listener for an operator (`DOMINO_HTTP_ADDR`): `/healthz` (the process is alive),
//! `/readyz` (the store answers, each platform is connected, no outbox is stuck) and `/metrics`
//! (Prometheus text format, from the `metrics` facade). When the address is the webhook's, the
//! routes join the webhook's own server.

use axum::Router;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use axum::routing::get;
use domino_core::service::Service;
use domino_core::store::AnyStore;
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use std::sync::Arc;
use std::time::Duration;

/// How long `/readyz` waits for the store.
const STORE_WITHIN: Duration = Duration::from_secs(2);

/// Buckets of every `…_seconds` histogram: from a millisecond to half a minute.
const SECONDS: [f64; 14] =
    [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0];

/// Installs the process's metrics recorder; its handle renders `/metrics`.
pub fn recorder() -> anyhow::Result<PrometheusHandle> {
    let handle = PrometheusBuilder::new()
        .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), &SECONDS)?
        .install_recorder()?;
    // Histograms are folded in now and then, not only when scraped.
    let upkeep = handle.clone();
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(Duration::from_secs(5)).await;
            upkeep.run_upkeep();
        }
    });
    Ok(handle)
}

/// What the routes look at.
#[derive(Clone)]
pub struct Probe {
    pub service: Arc<Service<AnyStore>>,
    pub telegram: Option<domino_telegram::Status>,
    pub discord: Option<domino_discord::Status>,
    pub metrics: PrometheusHandle,
}

pub fn routes(probe: Probe) -> Router {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .route("/metrics", get(metrics))
        .with_state(probe)
}

async fn healthz() -> &'static str {
    "ok\n"
}

async fn readyz(State(p): State<Probe>) -> (StatusCode, String) {
    let mut not = Vec::new();
    match tokio::time::timeout(STORE_WITHIN, p.service.store().ping()).await {
        Ok(Ok(())) => {}
        Ok(Err(e)) => not.push(format!("store: {e}")),
        Err(_) => not.push(format!("store: no answer within {} s", STORE_WITHIN.as_secs())),
    }
    if let Some(t) = &p.telegram {
        if !t.connected() {
            not.push("telegram: not connected".into());
        }
        if t.stuck() {
            let after = domino_telegram::STUCK_AFTER.as_secs();
            not.push(format!(
                "telegram: outbox stuck ({} queued, none sent for {after} s)",
                t.queued()
            ));
        }
    }
    if let Some(d) = &p.discord
        && !d.connected()
    {
        not.push("discord: not connected".into());
    }
    match not.is_empty() {
        true => (StatusCode::OK, "ready\n".into()),
        false => (StatusCode::SERVICE_UNAVAILABLE, not.join("\n") + "\n"),
    }
}

async fn metrics(State(p): State<Probe>) -> impl IntoResponse {
    sample(&p);
    let text = p.metrics.render();
    ([(header::CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")], text)
}

/// The gauges read when scraped.
fn sample(p: &Probe) {
    metrics::gauge!("domino_open_tables").set(p.service.open_tables() as f64);
    let (thinking, most) = p.service.thinking_permits();
    metrics::gauge!("domino_thinking").set(thinking as f64);
    metrics::gauge!("domino_thinkers").set(most as f64);
    let up = |b: bool| if b { 1.0 } else { 0.0 };
    if let Some(t) = &p.telegram {
        metrics::gauge!("domino_platform_connected", "platform" => "telegram")
            .set(up(t.connected()));
        metrics::gauge!("domino_outbox_queued", "platform" => "telegram").set(t.queued() as f64);
    }
    if let Some(d) = &p.discord {
        metrics::gauge!("domino_platform_connected", "platform" => "discord")
            .set(up(d.connected()));
    }
}

/// Serves `routes` on `listener` until `stop` completes.
pub async fn serve(
    listener: tokio::net::TcpListener,
    routes: Router,
    stop: impl std::future::Future<Output = ()> + Send + 'static,
) {
    if let Err(e) = axum::serve(listener, routes).with_graceful_shutdown(stop).await {
        tracing::error!(error = %e, "the HTTP listener failed");
    }
}
