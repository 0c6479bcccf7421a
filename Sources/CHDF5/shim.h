#ifndef ORBITBENCH_CHDF5_SHIM_H
#define ORBITBENCH_CHDF5_SHIM_H

#include <hdf5.h>

/* HDF5's predefined types and property lists are macros over mutable C globals (which Swift 6
   strict concurrency refuses to read) or casts Swift does not import. These accessors hand them
   out as values. */
static inline hid_t chdf5_native_double(void) { return H5T_NATIVE_DOUBLE; }
static inline hid_t chdf5_native_uint8(void) { return H5T_NATIVE_UINT8; }
static inline hid_t chdf5_ieee_f64le(void) { return H5T_IEEE_F64LE; }
static inline hid_t chdf5_std_u8le(void) { return H5T_STD_U8LE; }
static inline hid_t chdf5_default(void) { return H5P_DEFAULT; }
static inline hid_t chdf5_all(void) { return H5S_ALL; }
static inline unsigned chdf5_read_only(void) { return H5F_ACC_RDONLY; }
static inline unsigned chdf5_truncate(void) { return H5F_ACC_TRUNC; }
static inline unsigned chdf5_read_write(void) { return H5F_ACC_RDWR; }
static inline hsize_t chdf5_unlimited(void) { return H5S_UNLIMITED; }
static inline hid_t chdf5_dataset_create(void) { return H5P_DATASET_CREATE; }
static inline int chdf5_is_float(hid_t type) { return H5Tget_class(type) == H5T_FLOAT; }
static inline int chdf5_is_integer(hid_t type) { return H5Tget_class(type) == H5T_INTEGER || H5Tget_class(type) == H5T_ENUM; }
static inline int chdf5_is_contiguous(hid_t dataset) {
    hid_t plist = H5Dget_create_plist(dataset);
    if (plist < 0) return -1;
    int contiguous = H5Pget_layout(plist) == H5D_CONTIGUOUS;
    H5Pclose(plist);
    return contiguous;
}

/* HDF5 prints its error stack to stderr on every failed call; the readers report errors
   themselves, in one line. */
static inline void chdf5_silence_errors(void) { H5Eset_auto2(H5E_DEFAULT, NULL, NULL); }

#endif
