//! The embedded faces: DejaVu Sans and DejaVu Sans Bold (Bitstream Vera licence with public-domain
//! DejaVu changes; `assets/fonts/LICENSE`), compiled into the binary so a PDF never depends on the
//! fonts of the machine that makes it.

use std::sync::OnceLock;

use ttf_parser::Face as TtfFace;

/// DejaVu Sans, as shipped by the DejaVu project.
const REGULAR: &[u8] = include_bytes!("../assets/fonts/DejaVuSans.ttf");
/// DejaVu Sans Bold.
const BOLD: &[u8] = include_bytes!("../assets/fonts/DejaVuSans-Bold.ttf");

/// One face: its file and what the PDF needs to know of it.
pub struct Face {
    /// The TrueType file.
    pub data: &'static [u8],
    /// The PostScript name (`DejaVuSans-Bold`).
    pub name: &'static str,
    /// Units per em.
    pub units_per_em: f32,
    /// Ascender, descender and cap height in font units.
    pub ascent: f32,
    /// Descender (negative).
    pub descent: f32,
    /// Height of capitals.
    pub cap_height: f32,
    /// The font's bounding box in font units.
    pub bbox: [f32; 4],
    /// Glyph and advance width (font units) of each printable ASCII character and `·`.
    glyphs: Vec<(char, u16, u16)>,
}

impl Face {
    /// The glyph of `ch` and its advance, in font units; `.notdef` for a character the face lacks.
    pub fn glyph(&self, ch: char) -> (u16, u16) {
        match self.glyphs.binary_search_by_key(&ch, |g| g.0) {
            Ok(i) => (self.glyphs[i].1, self.glyphs[i].2),
            Err(_) => {
                let face = TtfFace::parse(self.data, 0).expect("the embedded font parses");
                let id = face.glyph_index(ch).unwrap_or_default();
                (id.0, face.glyph_hor_advance(id).unwrap_or(0))
            }
        }
    }

    /// The advance of `text` at `size` points.
    pub fn width(&self, text: &str, size: f32) -> f32 {
        let units: u32 = text.chars().map(|c| u32::from(self.glyph(c).1)).sum();
        units as f32 * size / self.units_per_em
    }
}

/// The regular face, parsed once.
pub fn regular() -> &'static Face {
    static FACE: OnceLock<Face> = OnceLock::new();
    FACE.get_or_init(|| load(REGULAR, "DejaVuSans"))
}

/// The bold face, parsed once.
pub fn bold() -> &'static Face {
    static FACE: OnceLock<Face> = OnceLock::new();
    FACE.get_or_init(|| load(BOLD, "DejaVuSans-Bold"))
}

fn load(data: &'static [u8], name: &'static str) -> Face {
    let face = TtfFace::parse(data, 0).expect("the embedded font parses");
    let mut glyphs: Vec<(char, u16, u16)> = (' '..='~')
        .chain(['·'])
        .map(|ch| {
            let id = face.glyph_index(ch).unwrap_or_default();
            (ch, id.0, face.glyph_hor_advance(id).unwrap_or(0))
        })
        .collect();
    glyphs.sort_unstable_by_key(|g| g.0);
    let b = face.global_bounding_box();
    Face {
        data,
        name,
        units_per_em: f32::from(face.units_per_em()),
        ascent: f32::from(face.ascender()),
        descent: f32::from(face.descender()),
        cap_height: f32::from(face.capital_height().unwrap_or(face.ascender())),
        bbox: [
            f32::from(b.x_min),
            f32::from(b.y_min),
            f32::from(b.x_max),
            f32::from(b.y_max),
        ],
        glyphs,
    }
}
