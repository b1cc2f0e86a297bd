//! A bar chart of `% of ceiling` per shape, as SVG, drawn from bench rows (the CLI's
//! `bench --svg FILE`, or `plot CSV SVG` from a saved CSV).

/// One bar: a label and a percentage.
pub struct Bar {
    /// Shape label.
    pub label: String,
    /// Percent of the ceiling.
    pub pct: f64,
}

/// Reads `(label, pct_of_ceiling)` bars from the bench CSV.
pub fn bars_from_csv(csv: &str) -> Result<Vec<Bar>, String> {
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().ok_or("empty CSV")?.split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).ok_or(format!("CSV has no column {name}"));
    let (m, k, l, pct) = (col("m")?, col("k")?, col("l")?, col("pct_of_ceiling")?);
    lines
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let f: Vec<&str> = line.split(',').collect();
            let get = |i: usize| f.get(i).copied().ok_or(format!("short CSV line: {line}"));
            Ok(Bar {
                label: format!("({},{},{})", get(m)?, get(k)?, get(l)?),
                pct: get(pct)?.parse().map_err(|e| format!("bad pct_of_ceiling in {line}: {e}"))?,
            })
        })
        .collect()
}

/// Draws horizontal bars with 90% and 100% guide lines.
pub fn bar_chart(title: &str, bars: &[Bar]) -> String {
    let (left, width, row) = (190.0, 520.0, 22.0);
    let height = 70.0 + row * bars.len() as f64;
    let x = |pct: f64| left + width * (pct.clamp(0.0, 110.0) / 110.0);
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{height}\" font-family=\"monospace\" font-size=\"12\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n<text x=\"10\" y=\"20\" font-size=\"14\">{title}</text>\n",
        w = left + width + 60.0
    );
    for (pct, color) in [(90.0, "#c33"), (100.0, "#333")] {
        s += &format!(
            "<line x1=\"{0}\" y1=\"35\" x2=\"{0}\" y2=\"{1}\" stroke=\"{color}\" stroke-dasharray=\"4 3\"/>\n<text x=\"{0}\" y=\"{2}\" text-anchor=\"middle\">{pct}%</text>\n",
            x(pct),
            height - 20.0,
            height - 6.0
        );
    }
    for (i, b) in bars.iter().enumerate() {
        let y = 40.0 + row * i as f64;
        let color = if b.pct >= 90.0 { "#3a7" } else { "#59c" };
        s += &format!(
            "<text x=\"{tx}\" y=\"{ty}\" text-anchor=\"end\">{label}</text>\n<rect x=\"{left}\" y=\"{y}\" width=\"{bw:.1}\" height=\"{bh}\" fill=\"{color}\"/>\n<text x=\"{vx:.1}\" y=\"{ty}\">{pct:.1}%</text>\n",
            tx = left - 6.0,
            ty = y + 13.0,
            label = b.label,
            bw = x(b.pct) - left,
            bh = row - 6.0,
            vx = x(b.pct) + 4.0,
            pct = b.pct
        );
    }
    s + "</svg>\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_to_svg() {
        let csv = "device,m,k,l,pct_of_ceiling\nH200,7168,16384,1,93.5\nH200,4096,7168,8,91.0\n";
        let bars = bars_from_csv(csv).unwrap();
        assert_eq!(bars.len(), 2);
        assert_eq!(bars[0].label, "(7168,16384,1)");
        let svg = bar_chart("t", &bars);
        assert!(svg.starts_with("<svg") && svg.contains("93.5%") && svg.trim_end().ends_with("</svg>"));
        assert!(bars_from_csv("a,b\n1,2\n").is_err());
    }
}
