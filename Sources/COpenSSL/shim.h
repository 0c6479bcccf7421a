/* SHA-256 through the system's libcrypto (OpenSSL's EVP digest API), which the binary already
   links through HDF5's libcurl: no second copy of a crypto library is compiled. */
#ifndef ORBITBENCH_COPENSSL_SHIM_H
#define ORBITBENCH_COPENSSL_SHIM_H

#include <openssl/evp.h>

#endif
