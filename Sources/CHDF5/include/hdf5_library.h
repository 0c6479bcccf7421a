/* HDF5, loaded when the first HDF5 file is opened instead of when the process starts.
 *
 * Linking libhdf5 puts it and its dependencies (libcurl, TLS, Kerberos, LDAP, …) into the
 * dynamic loader's work for every command; `orbitbench --version` paid ≈ 5 ms for them. Only
 * the BROAD reader (and tests writing fixtures) need HDF5, so they reach it through this
 * table, filled by dlopen/dlsym on first use. The pointer types come from HDF5's own headers,
 * so calls through the table are checked against HDF5's declarations like direct calls.
 *
 * HDF5's predefined types, property-list classes and file flags are macros that call H5open
 * and read library globals; the table holds their values, read once after loading. */
#ifndef ORBITBENCH_HDF5_LIBRARY_H
#define ORBITBENCH_HDF5_LIBRARY_H

#if __has_include(<hdf5/serial/hdf5.h>)
#include <hdf5/serial/hdf5.h> /* Debian and Ubuntu */
#else
#include <hdf5.h>
#endif

/* The HDF5 functions OrbitBench calls. X(name) expands once per function; the table's field
   for H5<name> is <name>. */
#define CHDF5_FUNCTIONS(X) \
    X(Aclose) X(Acreate2) X(Aexists) X(Aget_space) X(Aget_type) X(Aopen) X(Aread) X(Awrite) \
    X(Dclose) X(Dcreate2) X(Dget_create_plist) X(Dget_space) X(Dget_storage_size) X(Dget_type) \
    X(Dopen2) X(Dread) X(Dwrite) X(Eset_auto2) X(Fclose) X(Fcreate) X(Fopen) X(Lexists) \
    X(Pclose) X(Pcreate) X(Pget_layout) X(Pset_chunk) X(Sclose) X(Screate) X(Screate_simple) \
    X(Sget_simple_extent_dims) X(Sget_simple_extent_ndims) X(Sget_simple_extent_npoints) \
    X(Tclose) X(Tget_class) X(Tget_size) X(open) X(get_libversion)

#define CHDF5_FIELD(name) __typeof__(H5##name) *_Nonnull name;
typedef struct HDF5Functions {
    CHDF5_FUNCTIONS(CHDF5_FIELD)
    /* H5T_NATIVE_DOUBLE, H5T_NATIVE_UINT8, H5T_IEEE_F64LE, H5T_STD_U8LE. */
    hid_t native_double, native_uint8, ieee_f64le, std_u8le;
    /* H5P_DATASET_CREATE. */
    hid_t dataset_create;
    /* H5F_ACC_RDONLY, H5F_ACC_RDWR, H5F_ACC_TRUNC. */
    unsigned read_only, read_write, truncate;
} HDF5Functions;
#undef CHDF5_FIELD

/* The table, loading the HDF5 library on the first call (thread-safe; later calls return the
   same table). The library must have the major.minor version of the headers this was built
   with, and its error stack printing is switched off (callers report errors themselves, in one
   line). NULL when the library cannot be loaded; then *error (if not NULL) points at a static
   one-line reason. */
const HDF5Functions *_Nullable chdf5_functions(const char *_Nullable *_Nullable error);

/* The constants that are plain values in the headers. */
static inline hid_t chdf5_default(void) { return H5P_DEFAULT; }
static inline hid_t chdf5_all(void) { return H5S_ALL; }
static inline hsize_t chdf5_unlimited(void) { return H5S_UNLIMITED; }

#endif
