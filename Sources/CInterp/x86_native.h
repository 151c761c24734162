/* x86_native.h: tells SIMDe that the instruction sets up to AVX2 + FMA are native in
 * this translation unit. The compiler flags do not say so (there are none: the backend
 * files enable them per function with target attributes), and without these SIMDe
 * would emulate AVX2 with split 128-bit code and round a*b+c twice. Include it before
 * any SIMDe header, inside the file's target pragma. */
#define SIMDE_X86_SSE_NATIVE
#define SIMDE_X86_SSE2_NATIVE
#define SIMDE_X86_SSE3_NATIVE
#define SIMDE_X86_SSSE3_NATIVE
#define SIMDE_X86_SSE4_1_NATIVE
#define SIMDE_X86_SSE4_2_NATIVE
#define SIMDE_X86_AVX_NATIVE
#define SIMDE_X86_AVX2_NATIVE
#define SIMDE_X86_FMA_NATIVE
