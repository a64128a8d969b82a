//! Plot geometry: axes with round tick values, points scaled to the unit square.

use serde_json::{Value, json};

use crate::storyboard::Series;

struct Axis {
    lo: f64,
    hi: f64,
    ticks: Vec<(f64, String)>,
}

impl Axis {
    fn new(min: f64, max: f64, zero_if_near: bool) -> Axis {
        let (mut min, mut max) = (min, max);
        if zero_if_near && min > 0.0 && min < max * 0.5 {
            min = 0.0;
        }
        if (max - min).abs() < 1e-12 {
            min -= 1.0;
            max += 1.0;
        }
        let raw = (max - min) / 5.0;
        let magnitude = 10f64.powf(raw.log10().floor());
        let step = magnitude
            * match raw / magnitude {
                n if n < 1.5 => 1.0,
                n if n < 3.0 => 2.0,
                n if n < 7.0 => 5.0,
                _ => 10.0,
            };
        let lo = (min / step).floor() * step;
        let hi = (max / step).ceil() * step;
        let decimals = if step >= 1.0 {
            0
        } else {
            (-step.log10()).ceil() as usize
        };
        let count = ((hi - lo) / step).round() as usize;
        let ticks = (0..=count)
            .map(|i| {
                let value = lo + step * i as f64;
                let label = format!("{:.*}", decimals, value);
                // "-0" reads badly on an axis.
                let label = if label
                    .trim_start_matches('-')
                    .chars()
                    .all(|c| c == '0' || c == '.')
                {
                    label.trim_start_matches('-').to_string()
                } else {
                    label
                };
                (value, label)
            })
            .collect();
        Axis { lo, hi, ticks }
    }

    fn scale(&self, value: f64) -> f64 {
        (value - self.lo) / (self.hi - self.lo)
    }

    fn ticks_json(&self) -> Value {
        Value::Array(
            self.ticks
                .iter()
                .map(|(v, label)| json!({ "at": self.scale(*v), "label": label }))
                .collect(),
        )
    }
}

/// The plot as the template draws it: ticks and series in unit coordinates.
pub fn layout(series: &[Series]) -> Value {
    let points = series.iter().flat_map(|s| s.points.iter());
    let (mut x_min, mut x_max, mut y_min, mut y_max) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
    for [x, y] in points {
        x_min = x_min.min(*x);
        x_max = x_max.max(*x);
        y_min = y_min.min(*y);
        y_max = y_max.max(*y);
    }
    let x = Axis::new(x_min, x_max, false);
    let y = Axis::new(y_min, y_max, true);
    json!({
        "x_ticks": x.ticks_json(),
        "y_ticks": y.ticks_json(),
        "series": series.iter().map(|s| json!({
            "points": s.points.iter().map(|[px, py]| [x.scale(*px), y.scale(*py)]).collect::<Vec<_>>()
        })).collect::<Vec<_>>(),
    })
}
