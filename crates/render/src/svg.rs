//! A [`Page`] as an SVG document, written directly: a handful of element kinds, numbers with at
//! most two decimals, so the bytes are exact and stable.
//!
//! Units are points (the `viewBox` is the page in points, and `width`/`height` say `pt`), so the
//! SVG prints at the same size as the PDF. Text uses DejaVu Sans when the reader has it and falls
//! back to any sans-serif face.

use std::fmt::Write;

use super::items::{Figure, Marking};
use super::layout::{Anchor, Item, Page, Text};

/// The font stack of every text element.
const FONTS: &str = "'DejaVu Sans', Verdana, Arial, sans-serif";

/// The SVG document of `page`, with `title` and `description` for assistive technology.
pub fn write(page: &Page, title: &str, description: &str) -> String {
    let mut out = String::with_capacity(page.items.len() * 96 + 512);
    let (w, h) = (num(page.width), num(page.height));
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{w}pt\" height=\"{h}pt\" \
         viewBox=\"0 0 {w} {h}\" role=\"img\" aria-labelledby=\"title desc\">"
    );
    let _ = writeln!(out, "<title id=\"title\">{}</title>", escape(title));
    let _ = writeln!(out, "<desc id=\"desc\">{}</desc>", escape(description));
    let _ = writeln!(
        out,
        "<rect class=\"page\" x=\"0\" y=\"0\" width=\"{w}\" height=\"{h}\" fill=\"#ffffff\"/>"
    );
    let _ = writeln!(out, "<g font-family=\"{FONTS}\">");
    for item in &page.items {
        element(&mut out, item);
    }
    out.push_str("</g>\n</svg>\n");
    out
}

fn element(out: &mut String, item: &Item) {
    let _ = match item {
        Item::Cell { x, y, size, fill } => writeln!(
            out,
            "<rect class=\"cell\" x=\"{}\" y=\"{}\" width=\"{s}\" height=\"{s}\" fill=\"{}\" \
             stroke=\"#000000\" stroke-width=\"{}\"/>",
            num(*x),
            num(*y),
            hex(fill.rgb()),
            num(super::layout::THIN),
            s = num(*size),
        ),
        Item::Rect { x, y, w, h, fill } => writeln!(
            out,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>",
            num(*x),
            num(*y),
            num(*w),
            num(*h),
            hex(fill.rgb())
        ),
        Item::Line {
            from,
            to,
            width,
            dashed,
        } => {
            let (class, extra) = if *dashed {
                let dash = num(width * 3.0);
                ("cage", format!(" stroke-dasharray=\"{dash} {dash}\""))
            } else {
                ("border", " stroke-linecap=\"square\"".to_string())
            };
            writeln!(
                out,
                "<line class=\"{class}\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#000000\" \
                 stroke-width=\"{}\"{extra}/>",
                num(from.0),
                num(from.1),
                num(to.0),
                num(to.1),
                num(*width)
            )
        }
        Item::Text(text) => text_element(out, text),
        Item::Marking(mark) => mark_element(out, mark),
    };
}

/// A constraint's figure: `<circle>`, `<rect>` (rounded by `rx`) or `<polyline>`, its class the
/// mark's role.
fn mark_element(out: &mut String, mark: &Marking) -> std::fmt::Result {
    let fill = mark.fill.map_or("none".to_string(), hex);
    let stroke = mark.stroke.map_or(String::new(), |s| {
        format!(
            " stroke=\"{}\" stroke-width=\"{}\"",
            hex(s.rgb),
            num(s.width)
        )
    });
    let class = mark.role;
    match &mark.figure {
        Figure::Circle { centre, radius } => writeln!(
            out,
            "<circle class=\"{class}\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{fill}\"{stroke}/>",
            num(centre.0),
            num(centre.1),
            num(*radius)
        ),
        Figure::Rect { x, y, w, h, round } => {
            let rx = if *round > 0.0 {
                format!(" rx=\"{}\"", num(*round))
            } else {
                String::new()
            };
            writeln!(
                out,
                "<rect class=\"{class}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"{rx} fill=\"{fill}\"{stroke}/>",
                num(*x),
                num(*y),
                num(*w),
                num(*h)
            )
        }
        Figure::Line(points) => {
            let points: Vec<String> = points
                .iter()
                .map(|&(x, y)| format!("{},{}", num(x), num(y)))
                .collect();
            writeln!(
                out,
                "<polyline class=\"{class}\" points=\"{}\" fill=\"none\"{stroke} \
                 stroke-linecap=\"round\" stroke-linejoin=\"round\"/>",
                points.join(" ")
            )
        }
    }
}

fn text_element(out: &mut String, text: &Text) -> std::fmt::Result {
    let anchor = match text.anchor {
        Anchor::Start => "",
        Anchor::Middle => " text-anchor=\"middle\"",
    };
    let weight = if text.bold {
        " font-weight=\"bold\""
    } else {
        ""
    };
    writeln!(
        out,
        "<text class=\"{}\" x=\"{}\" y=\"{}\" font-size=\"{}\"{weight}{anchor} fill=\"{}\">{}</text>",
        text.role,
        num(text.x),
        num(text.y),
        num(text.size),
        hex(text.tone.rgb()),
        escape(&text.text)
    )
}

/// A number with at most two decimals and no trailing zeros: `12`, `12.5`, `0.33`.
pub(crate) fn num(value: f32) -> String {
    let hundredths = (value * 100.0).round() as i64;
    let (whole, frac) = (hundredths / 100, (hundredths % 100).abs());
    let sign = if hundredths < 0 && whole == 0 {
        "-"
    } else {
        ""
    };
    match frac {
        0 => format!("{sign}{whole}"),
        f if f % 10 == 0 => format!("{sign}{whole}.{}", f / 10),
        f => format!("{sign}{whole}.{f:02}"),
    }
}

fn hex(rgb: [f32; 3]) -> String {
    let byte = |v: f32| (v * 255.0).round() as u8;
    format!(
        "#{:02x}{:02x}{:02x}",
        byte(rgb[0]),
        byte(rgb[1]),
        byte(rgb[2])
    )
}

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_have_at_most_two_decimals() {
        assert_eq!(num(12.0), "12");
        assert_eq!(num(12.5), "12.5");
        assert_eq!(num(0.333), "0.33");
        assert_eq!(num(-0.25), "-0.25");
        assert_eq!(num(595.28), "595.28");
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
    }
}
