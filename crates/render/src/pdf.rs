//! Pages as a PDF document, with pdf-writer (the typst project's low-level PDF writer) and the
//! embedded DejaVu faces subset by `subsetter` to the glyphs the document uses.
//!
//! Each face is a Type 0 font over a CIDFontType2 whose CIDs are the subset's glyph ids, with a
//! ToUnicode map, so text is crisp at any zoom and extractable (`pdftotext` reads the digits in
//! row order, as they were written). The document has a title and a language and no date or id:
//! the same pages always give the same bytes. Content streams and font files are deflated with
//! miniz_oxide (already in the tree through tower-http's gzip), so a 100-puzzle book stays small.

use std::collections::BTreeMap;

use pdf_writer::types::{
    CidFontType, FontFlags, LineCapStyle, LineJoinStyle, SystemInfo, UnicodeCmap,
};
use pdf_writer::Filter;
use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, Str, TextStr};
use subsetter::GlyphRemapper;

use super::fonts::{self, Face};
use super::items::{Figure, Marking};
use super::layout::{Anchor, Item, Page, Text, THIN};

/// The two faces' resource names.
const FONT_NAMES: [Name<'static>; 2] = [Name(b"F1"), Name(b"F2")];

/// The document of `pages`, titled `title`, in English.
pub fn write(pages: &[Page], title: &str) -> Vec<u8> {
    let faces = [fonts::regular(), fonts::bold()];
    let subsets = faces.map(|face| Subset::of(face, pages, std::ptr::eq(face, fonts::bold())));
    let mut pdf = Pdf::new();
    let catalog = Ref::new(1);
    let tree = Ref::new(2);
    let info = Ref::new(3);
    let mut next = 4;
    let mut alloc = || {
        next += 1;
        Ref::new(next - 1)
    };
    let font_refs: Vec<Ref> = subsets
        .iter()
        .zip(faces)
        .map(|(subset, face)| subset.write(&mut pdf, face, &mut alloc))
        .collect();
    let page_refs: Vec<(Ref, Ref)> = pages.iter().map(|_| (alloc(), alloc())).collect();

    let mut cat = pdf.catalog(catalog);
    cat.pages(tree).lang(TextStr("en"));
    cat.viewer_preferences().display_doc_title(true);
    cat.finish();
    pdf.document_info(info)
        .title(TextStr(title))
        .producer(TextStr("sudoku-service"));
    pdf.pages(tree)
        .kids(page_refs.iter().map(|p| p.0))
        .count(pages.len() as i32);
    for (page, &(id, content)) in pages.iter().zip(&page_refs) {
        let mut p = pdf.page(id);
        p.media_box(Rect::new(0.0, 0.0, page.width, page.height))
            .parent(tree)
            .contents(content);
        let mut resources = p.resources();
        let mut fonts = resources.fonts();
        for (name, font) in FONT_NAMES.iter().zip(&font_refs) {
            fonts.pair(*name, *font);
        }
        fonts.finish();
        resources.finish();
        p.finish();
        let stream = deflate(&draw(page, &faces, &subsets));
        pdf.stream(content, &stream).filter(Filter::FlateDecode);
    }
    pdf.finish()
}

/// `data` zlib-compressed (deterministic for the same input), for a `FlateDecode` stream.
fn deflate(data: &[u8]) -> Vec<u8> {
    miniz_oxide::deflate::compress_to_vec_zlib(data, 6)
}

/// One face cut to the glyphs the document uses: old glyph id to new (the CID), and each new id's
/// character for the ToUnicode map.
struct Subset {
    remapper: GlyphRemapper,
    chars: BTreeMap<u16, char>,
}

impl Subset {
    fn of(face: &Face, pages: &[Page], bold: bool) -> Subset {
        let mut used = BTreeMap::new();
        for page in pages {
            for item in &page.items {
                if let Item::Text(text) = item {
                    if text.bold == bold {
                        for ch in text.text.chars() {
                            used.entry(face.glyph(ch).0).or_insert(ch);
                        }
                    }
                }
            }
        }
        // Glyphs are remapped in ascending order, so the subset does not depend on page order.
        let mut remapper = GlyphRemapper::new();
        let mut chars = BTreeMap::new();
        for (&old, &ch) in &used {
            chars.insert(remapper.remap(old), ch);
        }
        Subset { remapper, chars }
    }

    fn cid(&self, face: &Face, ch: char) -> u16 {
        self.remapper.get(face.glyph(ch).0).unwrap_or(0)
    }

    /// Writes the Type 0 font and what it needs; its reference.
    fn write(&self, pdf: &mut Pdf, face: &Face, alloc: &mut impl FnMut() -> Ref) -> Ref {
        let (type0, cid, descriptor, file, cmap) = (alloc(), alloc(), alloc(), alloc(), alloc());
        // A subset's PostScript name carries a six-letter tag; a fixed one keeps bytes stable.
        let tag = if face.name.ends_with("Bold") {
            "SUDOKB"
        } else {
            "SUDOKR"
        };
        let base = format!("{tag}+{}", face.name);
        let base = Name(base.as_bytes());
        let system = SystemInfo {
            registry: Str(b"Adobe"),
            ordering: Str(b"Identity"),
            supplement: 0,
        };
        pdf.type0_font(type0)
            .base_font(base)
            .encoding_predefined(Name(b"Identity-H"))
            .descendant_font(cid)
            .to_unicode(cmap);
        let scale = 1000.0 / face.units_per_em;
        let mut font = pdf.cid_font(cid);
        font.subtype(CidFontType::Type2)
            .base_font(base)
            .system_info(system)
            .font_descriptor(descriptor)
            .default_width(0.0)
            .cid_to_gid_map_predefined(Name(b"Identity"));
        let mut widths = font.widths();
        for (&new, &ch) in &self.chars {
            widths.consecutive(new, [f32::from(face.glyph(ch).1) * scale]);
        }
        widths.finish();
        font.finish();
        let [x0, y0, x1, y1] = face.bbox.map(|v| v * scale);
        pdf.font_descriptor(descriptor)
            .name(base)
            .flags(FontFlags::NON_SYMBOLIC)
            .bbox(Rect::new(x0, y0, x1, y1))
            .italic_angle(0.0)
            .ascent(face.ascent * scale)
            .descent(face.descent * scale)
            .cap_height(face.cap_height * scale)
            .stem_v(if tag.ends_with('B') { 140.0 } else { 80.0 })
            .font_file2(file);
        let data =
            subsetter::subset(face.data, 0, &self.remapper).expect("the embedded font subsets");
        pdf.stream(file, &deflate(&data))
            .filter(Filter::FlateDecode)
            .pair(Name(b"Length1"), data.len() as i32);
        let mut unicode = UnicodeCmap::new(Name(b"Custom"), system);
        for (&new, &ch) in &self.chars {
            unicode.pair(new, ch);
        }
        pdf.cmap(cmap, &unicode.finish());
        type0
    }
}

/// The graphics state last set, so each operator is written only when it changes.
#[derive(Default)]
struct Pen {
    fill: Option<[f32; 3]>,
    width: Option<f32>,
    dashed: Option<bool>,
}

impl Pen {
    fn fill(&mut self, content: &mut Content, rgb: [f32; 3]) {
        if self.fill != Some(rgb) {
            content.set_fill_rgb(rgb[0], rgb[1], rgb[2]);
            self.fill = Some(rgb);
        }
    }

    fn stroke(&mut self, content: &mut Content, width: f32, dashed: bool) {
        if self.width != Some(width) {
            content.set_line_width(width);
            self.width = Some(width);
        }
        if self.dashed != Some(dashed) {
            if dashed {
                content.set_dash_pattern([width * 3.0, width * 3.0], 0.0);
                content.set_line_cap(LineCapStyle::ButtCap);
            } else {
                content.set_dash_pattern([], 0.0);
                content.set_line_cap(LineCapStyle::ProjectingSquareCap);
            }
            self.dashed = Some(dashed);
        }
    }
}

/// One page's content stream. PDF's y grows upwards, so every y is flipped against the height.
fn draw(page: &Page, faces: &[&Face; 2], subsets: &[Subset; 2]) -> Vec<u8> {
    let mut content = Content::new();
    let mut pen = Pen::default();
    let h = page.height;
    for item in &page.items {
        match item {
            Item::Cell { x, y, size, fill } => {
                pen.fill(&mut content, fill.rgb());
                pen.stroke(&mut content, THIN, false);
                content.rect(*x, h - y - size, *size, *size);
                content.fill_nonzero_and_stroke();
            }
            Item::Rect {
                x,
                y,
                w,
                h: rh,
                fill,
            } => {
                pen.fill(&mut content, fill.rgb());
                content.rect(*x, h - y - rh, *w, *rh);
                content.fill_nonzero();
            }
            Item::Line {
                from,
                to,
                width,
                dashed,
            } => {
                pen.stroke(&mut content, *width, *dashed);
                content.move_to(from.0, h - from.1);
                content.line_to(to.0, h - to.1);
                content.stroke();
            }
            Item::Text(text) => {
                let k = usize::from(text.bold);
                pen.fill(&mut content, text.tone.rgb());
                show(&mut content, text, h, faces[k], &subsets[k], FONT_NAMES[k]);
            }
            Item::Marking(mark) => figure(&mut content, mark, h),
        }
    }
    content.finish().into_vec()
}

/// A constraint's figure, in a saved graphics state: its colours, width, round ends and solid
/// line stay inside it, so the pen's record of the state outside still holds.
fn figure(content: &mut Content, mark: &Marking, h: f32) {
    content.save_state();
    if let Some([r, g, b]) = mark.fill {
        content.set_fill_rgb(r, g, b);
    }
    if let Some(stroke) = mark.stroke {
        let [r, g, b] = stroke.rgb;
        content.set_stroke_rgb(r, g, b);
        content.set_line_width(stroke.width);
        content.set_dash_pattern([], 0.0);
        content.set_line_cap(LineCapStyle::RoundCap);
        content.set_line_join(LineJoinStyle::RoundJoin);
    }
    match &mark.figure {
        Figure::Circle { centre, radius } => rounded(
            content,
            (centre.0 - radius, h - centre.1 - radius),
            (2.0 * radius, 2.0 * radius),
            *radius,
        ),
        Figure::Rect {
            x,
            y,
            w,
            h: rh,
            round,
        } => rounded(content, (*x, h - y - rh), (*w, *rh), *round),
        Figure::Line(points) => {
            for (k, &(x, y)) in points.iter().enumerate() {
                if k == 0 {
                    content.move_to(x, h - y);
                } else {
                    content.line_to(x, h - y);
                }
            }
        }
    }
    let closed = !matches!(mark.figure, Figure::Line(_));
    match (closed && mark.fill.is_some(), mark.stroke.is_some()) {
        (true, true) => content.fill_nonzero_and_stroke(),
        (true, false) => content.fill_nonzero(),
        (false, true) => content.stroke(),
        (false, false) => content.end_path(),
    };
    content.restore_state();
}

/// A closed rectangle from `(x, y)` (its bottom-left, in PDF's upward y) of size `(w, h)`, its
/// corners rounded by `r` with cubic quarter circles (a circle when `r` is half of both).
fn rounded(content: &mut Content, (x, y): (f32, f32), (w, h): (f32, f32), r: f32) {
    if r <= 0.0 {
        content.rect(x, y, w, h);
        return;
    }
    // The control points' distance along the tangent for a quarter circle.
    let k = 0.552_284_8 * r;
    let (x1, y1) = (x + w, y + h);
    content.move_to(x + r, y);
    content.line_to(x1 - r, y);
    content.cubic_to(x1 - r + k, y, x1, y + r - k, x1, y + r);
    content.line_to(x1, y1 - r);
    content.cubic_to(x1, y1 - r + k, x1 - r + k, y1, x1 - r, y1);
    content.line_to(x + r, y1);
    content.cubic_to(x + r - k, y1, x, y1 - r + k, x, y1 - r);
    content.line_to(x, y + r);
    content.cubic_to(x, y + r - k, x + r - k, y, x + r, y);
    content.close_path();
}

fn show(content: &mut Content, text: &Text, h: f32, face: &Face, subset: &Subset, font: Name) {
    let x = match text.anchor {
        Anchor::Start => text.x,
        Anchor::Middle => text.x - face.width(&text.text, text.size) / 2.0,
    };
    let codes: Vec<u8> = text
        .text
        .chars()
        .flat_map(|ch| subset.cid(face, ch).to_be_bytes())
        .collect();
    content.begin_text();
    content.set_font(font, text.size);
    content.set_text_matrix([1.0, 0.0, 0.0, 1.0, x, h - text.y]);
    content.show(Str(&codes));
    content.end_text();
}
