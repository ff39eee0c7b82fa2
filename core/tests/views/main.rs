//! Tests of the view layer: button data, the hidden-tile rule, and snapshots of rendered views.

mod buttons;
mod captions;
mod fixtures;
mod hidden;
mod hint_views;
mod league;
mod menus;
mod sets;
mod snapshots;
mod tournament;
