#ifndef ORBITBENCH_CAIRO_FUNCTIONS_H
#define ORBITBENCH_CAIRO_FUNCTIONS_H
// cairo's types and constants, and the functions OrbitBench calls, loaded on first use with
// dlopen: linked into the executable, libcairo and its 17 dependencies (X11, fontconfig,
// freetype, pixman…) loaded at every start of every command, and their symbols slowed every
// other symbol lookup, for the commands that draw nothing.
#include <cairo/cairo.h>
#include <cairo/cairo-pdf.h>
#include <cairo/cairo-svg.h>

// Each function once: X(field name, cairo's function).
#define OB_CAIRO_FUNCTIONS(X) \
    X(version, cairo_version) \
    X(create, cairo_create) \
    X(destroy, cairo_destroy) \
    X(save, cairo_save) \
    X(restore, cairo_restore) \
    X(scale, cairo_scale) \
    X(translate, cairo_translate) \
    X(rotate, cairo_rotate) \
    X(paint, cairo_paint) \
    X(clip, cairo_clip) \
    X(set_source_rgb, cairo_set_source_rgb) \
    X(set_source_rgba, cairo_set_source_rgba) \
    X(set_line_width, cairo_set_line_width) \
    X(set_line_join, cairo_set_line_join) \
    X(set_dash, cairo_set_dash) \
    X(set_antialias, cairo_set_antialias) \
    X(new_path, cairo_new_path) \
    X(move_to, cairo_move_to) \
    X(line_to, cairo_line_to) \
    X(close_path, cairo_close_path) \
    X(rectangle, cairo_rectangle) \
    X(arc, cairo_arc) \
    X(arc_negative, cairo_arc_negative) \
    X(stroke, cairo_stroke) \
    X(fill, cairo_fill) \
    X(fill_preserve, cairo_fill_preserve) \
    X(select_font_face, cairo_select_font_face) \
    X(set_font_size, cairo_set_font_size) \
    X(text_extents, cairo_text_extents) \
    X(font_extents, cairo_font_extents) \
    X(show_text, cairo_show_text) \
    X(show_page, cairo_show_page) \
    X(status_to_string, cairo_status_to_string) \
    X(surface_status, cairo_surface_status) \
    X(surface_flush, cairo_surface_flush) \
    X(surface_finish, cairo_surface_finish) \
    X(surface_destroy, cairo_surface_destroy) \
    X(image_surface_create, cairo_image_surface_create) \
    X(image_surface_get_data, cairo_image_surface_get_data) \
    X(image_surface_get_stride, cairo_image_surface_get_stride) \
    X(pdf_surface_create_for_stream, cairo_pdf_surface_create_for_stream) \
    X(pdf_surface_set_size, cairo_pdf_surface_set_size) \
    X(pdf_surface_set_metadata, cairo_pdf_surface_set_metadata) \
    X(svg_surface_create_for_stream, cairo_svg_surface_create_for_stream)

/// cairo's functions, each with its own C type.
typedef struct ob_cairo_functions {
#define OB_CAIRO_FIELD(field, function) __typeof__(function) *_Nonnull field;
    OB_CAIRO_FUNCTIONS(OB_CAIRO_FIELD)
#undef OB_CAIRO_FIELD
} ob_cairo_functions;

/// The functions of libcairo.so.2, loaded on the first call (thread-safe; later calls return
/// the same table). NULL when the library or one of its functions cannot be loaded; then
/// `ob_cairo_load_failure` says why and what to install. The library stays loaded for the
/// process, and a failure stays a failure (install libcairo2 and start again).
const ob_cairo_functions *_Nullable ob_cairo_load(void);

/// Why `ob_cairo_load` returned NULL (empty when it did not).
const char *_Nonnull ob_cairo_load_failure(void);

#endif
