//! Pictures checked by their pixels: the PNG of a known position is
//! decoded and the colour at known squares compared with the colour that
//! square must have (light, dark, off the board, void, last move, check,
//! the border line); SVG output is well-formed (resvg reads it back) and
//! the same bytes every time (a snapshot of one small case).

use icn_model::{Coord, Dialect, Game};
use icn_render::png::Pixmap;
use icn_render::{LastMove, Picture, RenderError, SQUARE, Scene, Window, colour, draw};

fn game(text: &str) -> Game {
    Game::parse(text, Dialect::Auto).expect("the test's ICN reads")
}

fn picture(text: &str, window: Option<&str>, last: LastMove) -> Picture {
    let scene = Scene::from_game(&game(text), last).expect("the scene builds");
    let window = match window {
        Some(w) => Window::parse(w).expect("the test's window"),
        None => scene.window().expect("the default window"),
    };
    draw(&scene, &window)
}

fn pixels(p: &Picture) -> Pixmap {
    let png = icn_render::png::encode(p).expect("rasterises");
    Pixmap::decode_png(&png).expect("the PNG decodes")
}

fn rgb(hex: &str) -> [u8; 3] {
    let v = u32::from_str_radix(hex.trim_start_matches('#'), 16).expect("a colour");
    [(v >> 16) as u8, (v >> 8) as u8, v as u8]
}

fn pixel(px: &Pixmap, x: i64, y: i64) -> [u8; 3] {
    let c = px
        .pixel(u32::try_from(x).unwrap(), u32::try_from(y).unwrap())
        .expect("inside the image");
    [c.red(), c.green(), c.blue()]
}

/// The colour near the top-left corner of square `c` (pieces stay clear of it).
fn corner(p: &Picture, px: &Pixmap, c: Coord) -> [u8; 3] {
    let (x, y) = p.layout.square(&c).expect("the window shows the square");
    pixel(px, x + 3, y + 3)
}

#[test]
fn squares_are_light_and_dark_as_on_a_chess_board() {
    let p = picture("w K5,1|k5,8", Some("1,8,1,8"), LastMove::Hide);
    let px = pixels(&p);
    assert_eq!(
        (px.width(), px.height()),
        (p.layout.width as u32, p.layout.height as u32)
    );
    assert_eq!(corner(&p, &px, Coord::new(1, 1)), rgb(colour::DARK));
    assert_eq!(corner(&p, &px, Coord::new(2, 1)), rgb(colour::LIGHT));
    assert_eq!(corner(&p, &px, Coord::new(8, 8)), rgb(colour::DARK));
    assert_eq!(corner(&p, &px, Coord::new(1, 8)), rgb(colour::LIGHT));
    // Negative and far coordinates keep the colouring: (x + y) even is dark.
    let far = picture(
        "w K-1000000000000001,-4|k-999999999999990,-2",
        Some("-1000000000000002,-999999999999995,-5,-1"),
        LastMove::Hide,
    );
    let px = pixels(&far);
    assert_eq!(
        corner(&far, &px, Coord::new(-1_000_000_000_000_001i64, -5)),
        rgb(colour::DARK)
    );
    assert_eq!(
        corner(&far, &px, Coord::new(-1_000_000_000_000_000i64, -5)),
        rgb(colour::LIGHT)
    );
}

#[test]
fn a_king_in_check_and_the_last_move_are_coloured() {
    let text = "w K5,1|k5,8|R1,1 1,1>1,8";
    let p = picture(text, Some("1,8,1,8"), LastMove::Show);
    let px = pixels(&p);
    assert_eq!(corner(&p, &px, Coord::new(5, 8)), rgb(colour::CHECK));
    assert_eq!(corner(&p, &px, Coord::new(1, 1)), rgb(colour::LAST_DARK));
    assert_eq!(corner(&p, &px, Coord::new(1, 8)), rgb(colour::LAST_LIGHT));
    // The white king is not in check; the squares of an earlier move are plain.
    assert_eq!(corner(&p, &px, Coord::new(5, 1)), rgb(colour::DARK));
    let hidden = picture(text, Some("1,8,1,8"), LastMove::Hide);
    let px = pixels(&hidden);
    assert_eq!(corner(&hidden, &px, Coord::new(1, 1)), rgb(colour::DARK));
    assert_eq!(corner(&hidden, &px, Coord::new(5, 8)), rgb(colour::CHECK));
    // No check: the king's square keeps its colour.
    let calm = picture("w K5,1|k5,8|R1,1 1,1>1,7", Some("1,8,1,8"), LastMove::Hide);
    let px = pixels(&calm);
    assert_eq!(corner(&calm, &px, Coord::new(5, 8)), rgb(colour::LIGHT));
}

#[test]
fn the_world_border_is_a_line_with_the_outside_off_the_board() {
    let p = picture("w 1,8,1,8 K5,1|k5,8", Some("-1,10,-1,10"), LastMove::Hide);
    let px = pixels(&p);
    assert_eq!(corner(&p, &px, Coord::new(0, 4)), rgb(colour::OFF_BOARD));
    assert_eq!(corner(&p, &px, Coord::new(9, 9)), rgb(colour::OFF_BOARD));
    assert_eq!(corner(&p, &px, Coord::new(-1, -1)), rgb(colour::OFF_BOARD));
    assert_eq!(corner(&p, &px, Coord::new(3, 3)), rgb(colour::DARK));
    // The line runs along the left edge of file 1 and the top edge of rank 8.
    let (x, y) = p.layout.square(&Coord::new(1, 4)).unwrap();
    assert_eq!(pixel(&px, x, y + SQUARE / 2), rgb(colour::BORDER));
    let (x, y) = p.layout.square(&Coord::new(4, 8)).unwrap();
    assert_eq!(pixel(&px, x + SQUARE / 2, y), rgb(colour::BORDER));
    // Not inside the board.
    let (x, y) = p.layout.square(&Coord::new(4, 4)).unwrap();
    assert_ne!(pixel(&px, x, y + SQUARE / 2), rgb(colour::BORDER));
}

#[test]
fn a_border_beyond_the_window_draws_no_line() {
    let p = picture(
        "w -100,100,-100,100 K5,1|k5,8",
        Some("1,8,1,8"),
        LastMove::Hide,
    );
    assert!(!p.svg.contains(colour::BORDER));
    assert!(!p.svg.contains(colour::OFF_BOARD));
    let outside = picture("w 1,8,1,8 K5,1|k5,8", Some("20,24,20,24"), LastMove::Hide);
    assert!(!outside.svg.contains(colour::BORDER));
    let px = pixels(&outside);
    assert_eq!(
        corner(&outside, &px, Coord::new(22, 22)),
        rgb(colour::OFF_BOARD)
    );
}

#[test]
fn voids_obstacles_and_fairy_pieces_are_drawn() {
    let p = picture(
        "w K1,1|k8,8|vo3,3|ob4,4|AM5,5|3hu6,6",
        Some("1,8,1,8"),
        LastMove::Hide,
    );
    let px = pixels(&p);
    assert_eq!(corner(&p, &px, Coord::new(3, 3)), rgb(colour::VOID));
    let centre = |c: Coord| {
        let (x, y) = p.layout.square(&c).unwrap();
        pixel(&px, x + SQUARE / 2 - 5, y + SQUARE / 2 - 5)
    };
    assert_eq!(
        centre(Coord::new(4, 4)),
        rgb("#7a7a7a"),
        "the obstacle's stone"
    );
    assert_eq!(centre(Coord::new(6, 6)), rgb("#d23c3c"), "a red disc");
    assert_eq!(
        centre(Coord::new(7, 7)),
        rgb(colour::DARK),
        "an empty square"
    );
}

#[test]
fn huge_coordinates_draw_and_huge_windows_are_refused() {
    let p = picture(
        "w K1000000000000000,1|k1000000000000003,4",
        None,
        LastMove::Hide,
    );
    assert_eq!(
        (p.layout.window().width(), p.layout.window().height()),
        (6, 6)
    );
    assert!(p.svg.contains("<path d=\"M"), "labels are drawn");
    // Beyond the engine's range: drawn as written, with a note about check.
    let big = game("w K1000000000000000000000,1|k1000000000000000000003,4");
    let scene = Scene::from_game(&big, LastMove::Hide).unwrap();
    assert_eq!(scene.notes.len(), 1, "{:?}", scene.notes);
    let p = draw(&scene, &scene.window().unwrap());
    assert!(p.layout.square(&big.position.pieces[0].at).is_some());

    let far = game("w K0,1|k1000000000000000,1");
    let e = Scene::of_position(&far).window().unwrap_err();
    assert!(matches!(e, RenderError::Window(_)));
    assert!(e.to_string().contains("--window"), "{e}");
    let e = Window::parse("1,257,1,1").unwrap_err().to_string();
    assert!(e.contains("257 squares"), "{e}");
    assert!(Window::parse("1,256,1,256").is_ok());
    assert!(
        Window::parse("5,4,1,1")
            .unwrap_err()
            .to_string()
            .contains("right edge 4 lies before")
    );
    assert!(
        Window::parse("a,4,1,1")
            .unwrap_err()
            .to_string()
            .contains("integer for left")
    );
}

#[test]
fn the_largest_window_has_a_bounded_png() {
    let p = picture("w K1,1|k5,8", Some("1,256,1,256"), LastMove::Hide);
    let k = icn_render::png::scale(&p);
    let side = (p.layout.width.max(p.layout.height) as f32 * k).round() as u32;
    assert!(side <= icn_render::png::MAX_PIXELS, "{side}");
    assert!(k < 1.0);
}

#[test]
fn a_replay_that_fails_is_refused() {
    let e = Scene::from_game(&game("w K5,1|k5,8 5,1>5,5"), LastMove::Show).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("cannot replay the game: move 1, 5,1>5,5"),
        "{e}"
    );
}

#[test]
fn svg_is_well_formed_deterministic_and_as_recorded() {
    let text = "w 0,5,0,5 K1,1|k4,4|Q2,3|ob3,1|vo0,5|NR5,0 2,3>3,3";
    let a = picture(text, None, LastMove::Show);
    let b = picture(text, None, LastMove::Show);
    assert_eq!(a.svg, b.svg);
    // resvg's reader (roxmltree underneath) reads it back.
    icn_render::png::pixmap(&a).expect("well-formed SVG");
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots/small.svg");
    if std::env::var_os("ICN_BLESS").is_some() {
        std::fs::write(&path, &a.svg).unwrap();
    }
    let recorded = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (ICN_BLESS=1 writes it)", path.display()));
    assert_eq!(
        a.svg, recorded,
        "the SVG changed: review, then ICN_BLESS=1 cargo test -p icn-render"
    );
}
