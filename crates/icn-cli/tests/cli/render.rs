//! `icn render`: the files it writes (the SVG is the library's drawing, the
//! PNG's pixels show the check), its window errors and its usage errors.

use super::*;

use icn_model::{Coord, Dialect, Game};
use icn_render::png::Pixmap;
use icn_render::{LastMove, Scene, Window, colour};

const CHECKED: &str = "w K5,1|k5,8|R1,1 1,1>1,8";

fn out_path(name: &str) -> String {
    temp_file(name, "").display().to_string()
}

#[test]
fn render_writes_the_librarys_svg_and_a_png_with_the_check_marked() {
    let input = temp_file("render-in.icn", CHECKED);
    let svg = out_path("render-out.svg");
    let r = icn(
        &[
            "render",
            input.to_str().unwrap(),
            "--last-move",
            "--window",
            "1,8,1,8",
            "-o",
            &svg,
        ],
        "",
    );
    assert_eq!((r.code, r.stderr.as_str()), (0, ""));
    let game = Game::parse(CHECKED, Dialect::Auto).unwrap();
    let scene = Scene::from_game(&game, LastMove::Show).unwrap();
    let picture = icn_render::draw(&scene, &Window::parse("1,8,1,8").unwrap());
    assert_eq!(std::fs::read_to_string(&svg).unwrap(), picture.svg);

    // From standard input, the default window, PNG.
    let png = out_path("render-out.png");
    let r = icn(&["render", "-o", &png], CHECKED);
    assert_eq!((r.code, r.stderr.as_str()), (0, ""));
    let px = Pixmap::decode_png(&std::fs::read(&png).unwrap()).unwrap();
    let picture = icn_render::draw(&scene, &scene.window().unwrap());
    let (x, y) = picture.layout.square(&Coord::new(5, 8)).unwrap();
    let c = px.pixel(x as u32 + 3, y as u32 + 3).unwrap();
    assert_eq!(
        format!("#{:02x}{:02x}{:02x}", c.red(), c.green(), c.blue()),
        colour::CHECK
    );
}

#[test]
fn render_refuses_windows_too_large_and_unknown_formats() {
    let far = temp_file("render-far.icn", "w K0,1|k1000000000000000,1");
    let svg = out_path("render-far.svg");
    let r = icn(&["render", far.to_str().unwrap(), "-o", &svg], "");
    assert_eq!(r.code, 1);
    assert_eq!(
        r.stderr.replace(far.to_str().unwrap(), "FILE"),
        "FILE: error[render]: the pieces lie too far apart for one picture (left -1 to right \
         1000000000000001 is 1000000000000003 squares; a picture shows at most 256 a side); \
         choose a part of the board with `--window L,R,B,T`\n"
    );
    let r = icn(
        &[
            "render",
            far.to_str().unwrap(),
            "--window",
            "-2,2,-1,3",
            "-o",
            &svg,
        ],
        "",
    );
    assert_eq!((r.code, r.stderr.as_str()), (0, ""));
    let r = icn(&["render", "--window", "1,8,1", "-o", &svg], CHECKED);
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "error: --window: expected four integers `L,R,B,T` (left, right, bottom, top), found `1,8,1`\n"
    );
    let r = icn(&["render", "-o", "board.gif"], CHECKED);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("name the output `….svg` or `….png`"),
        "{}",
        r.stderr
    );
    let r = icn(&["render", "-o", &svg], "w K5,1|k5,8 5,1>5,5");
    assert_eq!(r.code, 1);
    assert_eq!(
        r.stderr,
        "<stdin>: error[render]: cannot replay the game: move 1, 5,1>5,5: a king on 5,1 cannot reach 5,5\n"
    );
}
