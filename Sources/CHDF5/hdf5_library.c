#include "hdf5_library.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static HDF5Functions table;
static const HDF5Functions *loaded;
static char failure[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;

/* The globals behind HDF5's predefined-type and class macros, found with dlsym. */
static hid_t *native_double_global, *native_uint8_global, *ieee_f64le_global, *std_u8le_global, *dataset_create_global;

/* From here on the header macros read those pointers and skip their H5open/H5check calls (the
   loader calls H5open itself and checks the version), so the values below come from HDF5's
   own definitions without this file linking against the library. */
#undef H5OPEN
#define H5OPEN
#undef H5CHECK
#define H5CHECK
#define H5T_NATIVE_DOUBLE_g (*native_double_global)
#define H5T_NATIVE_UINT8_g (*native_uint8_global)
#define H5T_IEEE_F64LE_g (*ieee_f64le_global)
#define H5T_STD_U8LE_g (*std_u8le_global)
#define H5P_CLS_DATASET_CREATE_ID_g (*dataset_create_global)

#define CHDF5_STRING(x) #x
#define CHDF5_VERSION_TEXT(major, minor) CHDF5_STRING(major) "." CHDF5_STRING(minor)

/* Debian's serial build (the development symlink, then the runtime names of HDF5 1.10, 1.12 and
   1.14), then the name other distributions use. */
static const char *const candidates[] = {
    "libhdf5_serial.so", "libhdf5_serial.so.103", "libhdf5_serial.so.200", "libhdf5_serial.so.310", "libhdf5.so",
};

static int find(void *handle, const char *name, void **symbol) {
    *symbol = dlsym(handle, name);
    if (*symbol == NULL) snprintf(failure, sizeof failure, "the loaded HDF5 library has no symbol %s", name);
    return *symbol != NULL;
}

static void load(void) {
    void *handle = NULL;
    for (size_t i = 0; i < sizeof candidates / sizeof candidates[0] && handle == NULL; i++)
        handle = dlopen(candidates[i], RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        snprintf(failure, sizeof failure, "cannot load the HDF5 library (libhdf5_serial.so; Debian package libhdf5-dev)");
        return;
    }
#define CHDF5_LOAD(name) \
    if (!find(handle, "H5" #name, (void **)&table.name)) return;
    CHDF5_FUNCTIONS(CHDF5_LOAD)
#undef CHDF5_LOAD
    if (!find(handle, "H5T_NATIVE_DOUBLE_g", (void **)&native_double_global) ||
        !find(handle, "H5T_NATIVE_UINT8_g", (void **)&native_uint8_global) ||
        !find(handle, "H5T_IEEE_F64LE_g", (void **)&ieee_f64le_global) ||
        !find(handle, "H5T_STD_U8LE_g", (void **)&std_u8le_global) ||
        !find(handle, "H5P_CLS_DATASET_CREATE_ID_g", (void **)&dataset_create_global))
        return;
    unsigned major = 0, minor = 0, release = 0;
    if (table.get_libversion(&major, &minor, &release) < 0 || major != H5_VERS_MAJOR || minor != H5_VERS_MINOR) {
        snprintf(failure, sizeof failure, "the HDF5 library found is version %u.%u.%u, built against %s",
                 major, minor, release, CHDF5_VERSION_TEXT(H5_VERS_MAJOR, H5_VERS_MINOR));
        return;
    }
    if (table.open() < 0) {
        snprintf(failure, sizeof failure, "the HDF5 library failed to initialise (H5open)");
        return;
    }
    table.Eset_auto2(H5E_DEFAULT, NULL, NULL);
    table.native_double = H5T_NATIVE_DOUBLE;
    table.native_uint8 = H5T_NATIVE_UINT8;
    table.ieee_f64le = H5T_IEEE_F64LE;
    table.std_u8le = H5T_STD_U8LE;
    table.dataset_create = H5P_DATASET_CREATE;
    table.read_only = H5F_ACC_RDONLY;
    table.read_write = H5F_ACC_RDWR;
    table.truncate = H5F_ACC_TRUNC;
    loaded = &table;
}

const HDF5Functions *chdf5_functions(const char **error) {
    pthread_once(&once, load);
    if (loaded == NULL && error != NULL) *error = failure;
    return loaded;
}
