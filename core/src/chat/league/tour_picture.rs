//! A closed tournament's final standings as a picture (`view::picture::standings_png`), drawn
//! on a blocking thread like /top's chart; the close's text names the places.

use crate::standings::tournament::Tournament;
use crate::view::picture::{Picture, Style, standings_png};
use std::sync::Arc;

/// The standings' picture, `None` when nothing was scored or it cannot be drawn.
pub(super) async fn standings_picture(t: &Tournament) -> Option<Arc<Picture>> {
    if t.scored == 0 {
        return None;
    }
    let points: Vec<u32> = t.standings().iter().map(|s| s.points).collect();
    let drawing = tokio::task::spawn_blocking(move || standings_png(&points, &Style::default()));
    match drawing.await {
        Ok(Ok(p)) => Some(Arc::new(p)),
        Ok(Err(e)) => {
            tracing::warn!(error = %e, "standings picture not drawn");
            None
        }
        Err(e) => {
            tracing::warn!(error = %e, "standings picture drawing failed");
            None
        }
    }
}
