//! A chain of tiles laid as a snake, in units of one half-tile (a tile is 2 × 1, a double lies
//! across the line, 1 × 2).
//!
//! In its own frame a chain starts at the origin running along +x; a row that would pass its
//! limit turns: the next tile stands upright under the row's last half, and the row after runs
//! back the other way, three units lower. A double is never the upright tile (it stays in the
//! row: plain tiles keep one unit free at each row's end for it); two doubles never touch in a
//! line, so the tile after a double can always turn. [`Frame`] puts a chain on the picture.

use crate::engine::tile::Tile;

/// A point or a direction, in units.
#[derive(Copy, Clone, Debug, PartialEq)]
pub(super) struct P {
    pub x: f32,
    pub y: f32,
}

impl P {
    pub(super) const fn new(x: f32, y: f32) -> P {
        P { x, y }
    }
}

/// One tile of a chain read outward: `first` is the half touching the tile before.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Link {
    pub tile: Tile,
    pub first: u8,
    pub second: u8,
}

impl Link {
    /// `tile` with `first` toward the tile before.
    pub(super) fn new(tile: Tile, first: u8) -> Link {
        Link { tile, first, second: tile.other(first) }
    }
}

/// A tile put down: the centres of its two unit cells (`first`'s and `second`'s half) and the
/// direction its chain runs there.
#[derive(Copy, Clone, Debug, PartialEq)]
pub(super) struct Put {
    pub link: Link,
    pub c1: P,
    pub c2: P,
    pub dir: P,
}

/// An axis-aligned rectangle.
#[derive(Copy, Clone, Debug, PartialEq)]
pub(super) struct Rect {
    pub x0: f32,
    pub y0: f32,
    pub x1: f32,
    pub y1: f32,
}

impl Rect {
    pub(super) fn overlaps(&self, o: &Rect) -> bool {
        const EPS: f32 = 1e-3;
        self.x0 < o.x1 - EPS && o.x0 < self.x1 - EPS && self.y0 < o.y1 - EPS && o.y0 < self.y1 - EPS
    }

    pub(super) fn union(&self, o: &Rect) -> Rect {
        Rect {
            x0: self.x0.min(o.x0),
            y0: self.y0.min(o.y0),
            x1: self.x1.max(o.x1),
            y1: self.y1.max(o.y1),
        }
    }
}

impl Put {
    /// The tile's outline.
    pub(super) fn rect(&self) -> Rect {
        Rect {
            x0: self.c1.x.min(self.c2.x) - 0.5,
            y0: self.c1.y.min(self.c2.y) - 0.5,
            x1: self.c1.x.max(self.c2.x) + 0.5,
            y1: self.c1.y.max(self.c2.y) + 0.5,
        }
    }
}

/// Where a chain's frame stands on the picture: its origin and the picture's directions of
/// its +x and +y (each one of the four unit directions).
#[derive(Copy, Clone, Debug, PartialEq)]
pub(super) struct Frame {
    pub origin: P,
    pub ax: P,
    pub ay: P,
}

impl Frame {
    pub(super) fn point(&self, p: P) -> P {
        P::new(
            self.origin.x + self.ax.x * p.x + self.ay.x * p.y,
            self.origin.y + self.ax.y * p.x + self.ay.y * p.y,
        )
    }

    fn dir(&self, d: P) -> P {
        P::new(self.ax.x * d.x + self.ay.x * d.y, self.ax.y * d.x + self.ay.y * d.y)
    }

    pub(super) fn put(&self, p: Put) -> Put {
        Put { link: p.link, c1: self.point(p.c1), c2: self.point(p.c2), dir: self.dir(p.dir) }
    }
}

/// Lays `chain` from the origin along +x, rows kept between `xmin` and `xmax` (the first tile
/// of a row after a turn may stand anywhere its turn puts it).
pub(super) fn snake(chain: &[Link], xmin: f32, xmax: f32) -> Vec<Put> {
    let mut out: Vec<Put> = Vec::with_capacity(chain.len());
    let (mut x, mut y, mut d) = (0.0f32, 0.0f32, 1.0f32);
    let mut i = 0;
    while i < chain.len() {
        let link = chain[i];
        let double = link.tile.is_double();
        let end = x + d * if double { 1.0 } else { 2.0 };
        let room = if double { 0.0 } else { 1.0 };
        let fits = end >= xmin + room - 1e-3 && end <= xmax - room + 1e-3;
        let along = P::new(d, 0.0);
        let last = out.last().copied();
        match last {
            Some(last) if !fits && !double => {
                // Turn: this tile upright under the last half, the next one starts a row back.
                let cx = last.c2.x;
                let yb = last.c1.y.max(last.c2.y) + 0.5;
                let down = P::new(0.0, 1.0);
                out.push(Put {
                    link,
                    c1: P::new(cx, yb + 0.5),
                    c2: P::new(cx, yb + 1.5),
                    dir: down,
                });
                d = -d;
                let back = P::new(d, 0.0);
                let Some(&next) = chain.get(i + 1) else { break };
                if next.tile.is_double() {
                    out.push(Put {
                        link: next,
                        c1: P::new(cx, yb + 2.5),
                        c2: P::new(cx, yb + 3.5),
                        dir: back,
                    });
                    (x, y) = (cx + d * 0.5, yb + 3.0);
                } else {
                    out.push(Put {
                        link: next,
                        c1: P::new(cx, yb + 2.5),
                        c2: P::new(cx + d, yb + 2.5),
                        dir: back,
                    });
                    (x, y) = (cx + d * 1.5, yb + 2.5);
                }
                i += 2;
                continue;
            }
            _ if double => {
                let cx = x + d * 0.5;
                out.push(Put {
                    link,
                    c1: P::new(cx, y - 0.5),
                    c2: P::new(cx, y + 0.5),
                    dir: along,
                });
                x += d;
            }
            _ => {
                out.push(Put {
                    link,
                    c1: P::new(x + d * 0.5, y),
                    c2: P::new(x + d * 1.5, y),
                    dir: along,
                });
                x += 2.0 * d;
            }
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A line of `n` tiles, every third a double.
    fn chain(n: usize) -> Vec<Link> {
        let mut links = Vec::new();
        let mut pip = 0u8;
        for i in 0..n {
            if i % 3 == 1 {
                links.push(Link::new(Tile::double(pip), pip));
            } else {
                let next = (pip + 1) % 7;
                links.push(Link::new(Tile::new(pip, next), pip));
                pip = next;
            }
        }
        links
    }

    /// The half of `p` at `c` (a double: the whole tile).
    fn half(p: &Put, c: P) -> Rect {
        if p.link.tile.is_double() {
            p.rect()
        } else {
            Rect { x0: c.x - 0.5, y0: c.y - 0.5, x1: c.x + 0.5, y1: c.y + 0.5 }
        }
    }

    /// `a`'s outer half and `b`'s inner half share a stretch of edge.
    fn touches(a: &Put, b: &Put) -> bool {
        let (r, s) = (half(a, a.c2), half(b, b.c1));
        let eq = |u: f32, v: f32| (u - v).abs() < 1e-3;
        let across = |a0: f32, a1: f32, b0: f32, b1: f32| a0.max(b0) < a1.min(b1) - 1e-3;
        (eq(r.x1, s.x0) || eq(s.x1, r.x0)) && across(r.y0, r.y1, s.y0, s.y1)
            || (eq(r.y1, s.y0) || eq(s.y1, r.y0)) && across(r.x0, r.x1, s.x0, s.x1)
    }

    #[test]
    fn a_long_chain_turns_within_its_rows_without_overlap() {
        for width in [6.0f32, 7.0, 9.5, 14.0] {
            let puts = snake(&chain(40), 0.0, width);
            assert_eq!(puts.len(), 40);
            for (i, p) in puts.iter().enumerate() {
                let r = p.rect();
                assert!(r.x0 >= -1e-3 && r.x1 <= width + 1e-3, "width {width}: tile {i} at {r:?}");
                for q in &puts[i + 1..] {
                    assert!(!r.overlaps(&q.rect()), "width {width}: {p:?} overlaps {q:?}");
                }
                if let Some(next) = puts.get(i + 1) {
                    assert!(touches(p, next), "width {width}: {p:?} and {next:?} do not touch");
                }
            }
            let rows = puts.iter().filter(|p| p.dir.y > 0.0).count();
            assert!(rows > 0, "width {width}: the chain never turned");
        }
    }

    #[test]
    fn a_frame_turns_a_chain_a_quarter() {
        let f = Frame { origin: P::new(10.0, 5.0), ax: P::new(0.0, 1.0), ay: P::new(-1.0, 0.0) };
        let put = f.put(snake(&chain(1), 0.0, 9.0)[0]);
        assert_eq!((put.c1, put.c2, put.dir), (P::new(10.0, 5.5), P::new(10.0, 6.5), f.ax));
    }
}
