//! PNG pictures: a [`Picture`]'s SVG rasterised with resvg (only when the
//! `png` feature is on, as it is by default). The picture is drawn at one
//! pixel per SVG unit, scaled down to fit [`MAX_PIXELS`] a side, so even the
//! largest window gives a bounded image.

pub use resvg::tiny_skia::Pixmap;
use resvg::{tiny_skia, usvg};

use crate::{Picture, RenderError};

/// The most pixels a PNG has along each side.
pub const MAX_PIXELS: u32 = 4096;

/// The scale a picture is rasterised at: 1, or less to fit [`MAX_PIXELS`].
pub fn scale(picture: &Picture) -> f32 {
    let side = picture.layout.width.max(picture.layout.height).max(1);
    (MAX_PIXELS as f32 / side as f32).min(1.0)
}

/// The picture as RGBA pixels.
///
/// # Errors
/// [`RenderError::Raster`] when resvg refuses the SVG (a bug here: say so).
pub fn pixmap(picture: &Picture) -> Result<Pixmap, RenderError> {
    let tree = usvg::Tree::from_str(&picture.svg, &usvg::Options::default())
        .map_err(|e| RenderError::Raster(format!("the SVG does not read back: {e}")))?;
    let k = scale(picture);
    let size = tree.size().to_int_size().scale_by(k).ok_or_else(|| {
        RenderError::Raster("the picture has no pixels at this scale".to_string())
    })?;
    let mut pixmap = Pixmap::new(size.width(), size.height())
        .ok_or_else(|| RenderError::Raster("the picture has no pixels".to_string()))?;
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(k, k),
        &mut pixmap.as_mut(),
    );
    Ok(pixmap)
}

/// The picture as PNG bytes.
///
/// # Errors
/// As [`pixmap`], and [`RenderError::Raster`] when encoding fails.
///
/// ```
/// use icn_model::{Dialect, Game};
/// use icn_render::{Scene, draw, png};
/// let g = Game::parse("w K5,1|k5,8", Dialect::Auto).unwrap();
/// let scene = Scene::of_position(&g);
/// let picture = draw(&scene, &scene.window().unwrap());
/// let bytes = png::encode(&picture).unwrap();
/// assert_eq!(&bytes[1..4], b"PNG");
/// ```
pub fn encode(picture: &Picture) -> Result<Vec<u8>, RenderError> {
    pixmap(picture)?
        .encode_png()
        .map_err(|e| RenderError::Raster(format!("cannot encode the PNG: {e}")))
}
