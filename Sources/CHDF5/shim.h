/* HDF5's predefined types, property-list classes and file flags are macros that call H5open
   and read library globals, which Swift cannot import: these functions return their values. */
#ifndef ORBITBENCH_CHDF5_SHIM_H
#define ORBITBENCH_CHDF5_SHIM_H

#if __has_include(<hdf5/serial/hdf5.h>)
#include <hdf5/serial/hdf5.h> /* Debian and Ubuntu */
#else
#include <hdf5.h>
#endif

static inline hid_t chdf5_default(void) { return H5P_DEFAULT; }
static inline hid_t chdf5_all(void) { return H5S_ALL; }
static inline hid_t chdf5_error_default(void) { return H5E_DEFAULT; }
static inline hsize_t chdf5_unlimited(void) { return H5S_UNLIMITED; }
static inline hid_t chdf5_native_double(void) { return H5T_NATIVE_DOUBLE; }
static inline hid_t chdf5_native_uint8(void) { return H5T_NATIVE_UINT8; }
static inline hid_t chdf5_ieee_f64le(void) { return H5T_IEEE_F64LE; }
static inline hid_t chdf5_std_u8le(void) { return H5T_STD_U8LE; }
static inline hid_t chdf5_dataset_create(void) { return H5P_DATASET_CREATE; }
static inline hid_t chdf5_file_access(void) { return H5P_FILE_ACCESS; }
static inline unsigned chdf5_read_only(void) { return H5F_ACC_RDONLY; }
static inline unsigned chdf5_read_write(void) { return H5F_ACC_RDWR; }
static inline unsigned chdf5_truncate(void) { return H5F_ACC_TRUNC; }

#endif
