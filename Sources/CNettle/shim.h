// SHA-1 for the IDPF font obfuscation key.
#include <nettle/sha1.h>
// Base64 for images given inline as data: URLs.
#include <nettle/base64.h>
