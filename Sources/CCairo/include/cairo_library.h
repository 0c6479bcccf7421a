/* cairo, loaded when the first canvas or frame renderer is made instead of when the process
 * starts.
 *
 * Linking libcairo puts it and its 40-odd dependencies (pixman, fontconfig, freetype, X11, …)
 * into the dynamic loader's work for every command; `orbitbench --version` paid ≈ 5 ms for
 * them. Only the plotting and rendering code needs cairo, so it reaches the library through
 * this table of function pointers, filled by dlopen/dlsym on first use. The pointer types come
 * from cairo's own header, so a call through the table is checked against cairo's declarations
 * exactly like a direct call. */
#ifndef ORBITBENCH_CAIRO_LIBRARY_H
#define ORBITBENCH_CAIRO_LIBRARY_H

#include <cairo/cairo.h>

/* The cairo functions OrbitBench calls. X(name) expands once per function; the table's field
   for cairo_<name> is <name>. */
#define CCAIRO_FUNCTIONS(X) \
    X(arc) X(arc_negative) X(clip) X(close_path) X(create) X(destroy) X(fill) X(fill_preserve) \
    X(font_extents) X(format_stride_for_width) X(image_surface_create) X(image_surface_create_for_data) X(image_surface_get_data) X(image_surface_get_stride) \
    X(line_to) X(move_to) X(new_path) X(paint) X(rectangle) X(restore) X(rotate) X(save) \
    X(select_font_face) X(set_antialias) X(set_dash) X(set_font_size) X(set_line_width) X(set_operator) \
    X(set_source_rgb) X(set_source_rgba) X(set_source_surface) X(show_text) X(status_to_string) X(stroke) \
    X(surface_destroy) X(surface_flush) X(surface_mark_dirty) X(surface_status) X(text_extents) X(translate)

#define CCAIRO_FIELD(name) __typeof__(cairo_##name) *_Nonnull name;
typedef struct CairoFunctions {
    CCAIRO_FUNCTIONS(CCAIRO_FIELD)
} CairoFunctions;
#undef CCAIRO_FIELD

/* The table, loading libcairo on the first call (thread-safe; later calls return the same
   table). NULL when the library or one of its functions cannot be found; then *error (if not
   NULL) points at a static one-line reason. */
const CairoFunctions *_Nullable ccairo_functions(const char *_Nullable *_Nullable error);

#endif
