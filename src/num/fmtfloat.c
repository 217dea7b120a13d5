/* fmtfloat.c — shortest round-trip digits and Julia's float layout (see fmtfloat.h).
 *
 * Method (Ryu, Adams 2018).  Write the float as mf * 2^ef.  The numbers that round back
 * to it form the interval between the midpoints to its neighbours, so with e2 = ef - 2
 *     u * 2^e2 = lower midpoint,  v * 2^e2 = x,  w * 2^e2 = upper midpoint,
 * v = 4 mf, w = v + 2, u = v - 2 (v - 1 at the bottom of a binade, where the gap below is
 * half as wide).  Scale all three by 10^-e10 for a starting e10 chosen so the scaled
 * interval holds at least one integer and floor() keeps them below 2^64:
 *     a = floor(u 2^e2 / 10^e10),  b = floor(v 2^e2 / 10^e10),  c = floor(w 2^e2 / 10^e10),
 * and drop decimal digits while a and c still differ above the dropped digit.  b, rounded
 * on the last dropped digit, is then the shortest decimal in the interval nearest to x.
 * The interval is closed when mf is even (ties in parsing go to the even float, so the
 * midpoints themselves read back as x) and open when odd; a_allzero / b_allzero record
 * whether the lower bound and x are exact at the current digit, which settles boundary
 * cases and exact ties (ties go to even digits).
 *
 * The scaled values must be exact floors.  For binary64 they come from 128-bit
 * approximations of 5^i and 2^k/5^i (tables below) with the shifts of the Ryu paper,
 * which proves the 192-bit product then floors exactly for every binary64.  binary32 and
 * binary16 are small enough to compute exactly in 128/192-bit integer arithmetic.
 *
 * Julia-specific parts (base/ryu/shortest.jl, reduce_shortest and writeshortest) that
 * show in the output and are reproduced step for step:
 *   - the starting e10 per format (binary64 starts one digit lower) and the binary32/16
 *     "last removed digit" computed one place below the start;
 *   - the bounds qinvbound/qbound up to which exactness is tested;
 *   - compact mode (maxsignif = 999999): the truncated b -- not the rounded shortest
 *     digits -- is cut to 6 digits, rounding on the last cut digit alone, ties to even
 *     only while b_allzero holds;
 *   - floats that are integers below 2^mbits+1 skip Ryu and print exactly;
 *   - layout: fixed notation iff -4 < pt <= 6 (binary16: pt <= 3) and, for integer-valued
 *     digits, |mod(x + 0.05, 10^(pt - olength)) - 0.05| <= 0.05 evaluated in Float64,
 *     which only fails when compact rounding moved the digits away from x.
 *
 * Accuracy: exact.  tests/unit/test_fmtfloat.c checks Julia's tables, every binary16, every
 * binary64 binade and random binary64/binary32 values for round trip, shortness and
 * nearness. */
#include "bits.h"
#include "num/fmtfloat.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "num/float16.h"

__extension__ typedef unsigned __int128 u128;   /* gcc/clang on 64-bit targets */

/* Ryu's precision for the binary64 tables (the paper's B0 and B1). */
#define POW5_BITS 125
#define POW5_INV_BITS 125

/* Generated with GMP (not by hand):
 *   pow5_tab[i]    = floor(5^i / 2^(bitlen(5^i) - 125))          i = 0..325
 *   pow5inv_tab[i] = floor(2^(bitlen(5^i) - 1 + 125) / 5^i) + 1  i = 0..291
 * stored {high 64 bits, low 64 bits}.  The ranges cover every binary64 exponent. */
static const uint64_t pow5_tab[326][2] = {
    {0x1000000000000000U, 0x0000000000000000U}, {0x1400000000000000U, 0x0000000000000000U},
    {0x1900000000000000U, 0x0000000000000000U}, {0x1f40000000000000U, 0x0000000000000000U},
    {0x1388000000000000U, 0x0000000000000000U}, {0x186a000000000000U, 0x0000000000000000U},
    {0x1e84800000000000U, 0x0000000000000000U}, {0x1312d00000000000U, 0x0000000000000000U},
    {0x17d7840000000000U, 0x0000000000000000U}, {0x1dcd650000000000U, 0x0000000000000000U},
    {0x12a05f2000000000U, 0x0000000000000000U}, {0x174876e800000000U, 0x0000000000000000U},
    {0x1d1a94a200000000U, 0x0000000000000000U}, {0x12309ce540000000U, 0x0000000000000000U},
    {0x16bcc41e90000000U, 0x0000000000000000U}, {0x1c6bf52634000000U, 0x0000000000000000U},
    {0x11c37937e0800000U, 0x0000000000000000U}, {0x16345785d8a00000U, 0x0000000000000000U},
    {0x1bc16d674ec80000U, 0x0000000000000000U}, {0x1158e460913d0000U, 0x0000000000000000U},
    {0x15af1d78b58c4000U, 0x0000000000000000U}, {0x1b1ae4d6e2ef5000U, 0x0000000000000000U},
    {0x10f0cf064dd59200U, 0x0000000000000000U}, {0x152d02c7e14af680U, 0x0000000000000000U},
    {0x1a784379d99db420U, 0x0000000000000000U}, {0x108b2a2c28029094U, 0x0000000000000000U},
    {0x14adf4b7320334b9U, 0x0000000000000000U}, {0x19d971e4fe8401e7U, 0x4000000000000000U},
    {0x1027e72f1f128130U, 0x8800000000000000U}, {0x1431e0fae6d7217cU, 0xaa00000000000000U},
    {0x193e5939a08ce9dbU, 0xd480000000000000U}, {0x1f8def8808b02452U, 0xc9a0000000000000U},
    {0x13b8b5b5056e16b3U, 0xbe04000000000000U}, {0x18a6e32246c99c60U, 0xad85000000000000U},
    {0x1ed09bead87c0378U, 0xd8e6400000000000U}, {0x13426172c74d822bU, 0x878fe80000000000U},
    {0x1812f9cf7920e2b6U, 0x6973e20000000000U}, {0x1e17b84357691b64U, 0x03d0da8000000000U},
    {0x12ced32a16a1b11eU, 0x8262889000000000U}, {0x178287f49c4a1d66U, 0x22fb2ab400000000U},
    {0x1d6329f1c35ca4bfU, 0xabb9f56100000000U}, {0x125dfa371a19e6f7U, 0xcb54395ca0000000U},
    {0x16f578c4e0a060b5U, 0xbe2947b3c8000000U}, {0x1cb2d6f618c878e3U, 0x2db399a0ba000000U},
    {0x11efc659cf7d4b8dU, 0xfc90400474400000U}, {0x166bb7f0435c9e71U, 0x7bb4500591500000U},
    {0x1c06a5ec5433c60dU, 0xdaa16406f5a40000U}, {0x118427b3b4a05bc8U, 0xa8a4de8459868000U},
    {0x15e531a0a1c872baU, 0xd2ce16256fe82000U}, {0x1b5e7e08ca3a8f69U, 0x87819baecbe22800U},
    {0x111b0ec57e6499a1U, 0xf4b1014d3f6d5900U}, {0x1561d276ddfdc00aU, 0x71dd41a08f48af40U},
    {0x1aba4714957d300dU, 0x0e549208b31adb10U}, {0x10b46c6cdd6e3e08U, 0x28f4db456ff0c8eaU},
    {0x14e1878814c9cd8aU, 0x33321216cbecfb24U}, {0x1a19e96a19fc40ecU, 0xbffe969c7ee839edU},
    {0x105031e2503da893U, 0xf7ff1e21cf512434U}, {0x14643e5ae44d12b8U, 0xf5fee5aa43256d41U},
    {0x197d4df19d605767U, 0x337e9f14d3eec892U}, {0x1fdca16e04b86d41U, 0x005e46da08ea7ab6U},
    {0x13e9e4e4c2f34448U, 0xa03aec4845928cb2U}, {0x18e45e1df3b0155aU, 0xc849a75a56f72fdeU},
    {0x1f1d75a5709c1ab1U, 0x7a5c1130ecb4fbd6U}, {0x13726987666190aeU, 0xec798abe93f11d65U},
    {0x184f03e93ff9f4daU, 0xa797ed6e38ed64bfU}, {0x1e62c4e38ff87211U, 0x517de8c9c728bdefU},
    {0x12fdbb0e39fb474aU, 0xd2eeb17e1c7976b5U}, {0x17bd29d1c87a191dU, 0x87aa5ddda397d462U},
    {0x1dac74463a989f64U, 0xe994f5550c7dc97bU}, {0x128bc8abe49f639fU, 0x11fd195527ce9dedU},
    {0x172ebad6ddc73c86U, 0xd67c5faa71c24568U}, {0x1cfa698c95390ba8U, 0x8c1b77950e32d6c2U},
    {0x121c81f7dd43a749U, 0x57912abd28dfc639U}, {0x16a3a275d494911bU, 0xad75756c7317b7c8U},
    {0x1c4c8b1349b9b562U, 0x98d2d2c78fdda5baU}, {0x11afd6ec0e14115dU, 0x9f83c3bcb9ea8794U},
    {0x161bcca7119915b5U, 0x0764b4abe8652979U}, {0x1ba2bfd0d5ff5b22U, 0x493de1d6e27e73d7U},
    {0x1145b7e285bf98f5U, 0x6dc6ad264d8f0866U}, {0x159725db272f7f32U, 0xc938586fe0f2ca80U},
    {0x1afcef51f0fb5effU, 0x7b866e8bd92f7d20U}, {0x10de1593369d1b5fU, 0xad34051767bdae34U},
    {0x15159af804446237U, 0x9881065d41ad19c1U}, {0x1a5b01b605557ac5U, 0x7ea147f492186032U},
    {0x1078e111c3556cbbU, 0x6f24ccf8db4f3c1fU}, {0x14971956342ac7eaU, 0x4aee003712230b27U},
    {0x19bcdfabc13579e4U, 0xdda98044d6abcdf0U}, {0x10160bcb58c16c2fU, 0x0a89f02b062b60b6U},
    {0x141b8ebe2ef1c73aU, 0xcd2c6c35c7b638e4U}, {0x1922726dbaae3909U, 0x8077874339a3c71dU},
    {0x1f6b0f092959c74bU, 0xe0956914080cb8e4U}, {0x13a2e965b9d81c8fU, 0x6c5d61ac8507f38eU},
    {0x188ba3bf284e23b3U, 0x4774ba17a649f072U}, {0x1eae8caef261aca0U, 0x1951e89d8fdc6c8fU},
    {0x132d17ed577d0be4U, 0x0fd3316279e9c3d9U}, {0x17f85de8ad5c4eddU, 0x13c7fdbb186434cfU},
    {0x1df67562d8b36294U, 0x58b9fd29de7d4203U}, {0x12ba095dc7701d9cU, 0xb7743e3a2b0e4942U},
    {0x17688bb5394c2503U, 0xe5514dc8b5d1db92U}, {0x1d42aea2879f2e44U, 0xdea5a13ae3465277U},
    {0x1249ad2594c37cebU, 0x0b2784c4ce0bf38aU}, {0x16dc186ef9f45c25U, 0xcdf165f6018ef06dU},
    {0x1c931e8ab871732fU, 0x416dbf7381f2ac88U}, {0x11dbf316b346e7fdU, 0x88e497a83137abd5U},
    {0x1652efdc6018a1fcU, 0xeb1dbd923d8596caU}, {0x1be7abd3781eca7cU, 0x25e52cf6cce6fc7dU},
    {0x1170cb642b133e8dU, 0x97af3c1a40105dceU}, {0x15ccfe3d35d80e30U, 0xfd9b0b20d0147542U},
    {0x1b403dcc834e11bdU, 0x3d01cde904199292U}, {0x1108269fd210cb16U, 0x462120b1a28ffb9bU},
    {0x154a3047c694fddbU, 0xd7a968de0b33fa82U}, {0x1a9cbc59b83a3d52U, 0xcd93c3158e00f923U},
    {0x10a1f5b813246653U, 0xc07c59ed78c09bb6U}, {0x14ca732617ed7fe8U, 0xb09b7068d6f0c2a3U},
    {0x19fd0fef9de8dfe2U, 0xdcc24c830cacf34cU}, {0x103e29f5c2b18bedU, 0xc9f96fd1e7ec180fU},
    {0x144db473335deee9U, 0x3c77cbc661e71e13U}, {0x1961219000356aa3U, 0x8b95beb7fa60e598U},
    {0x1fb969f40042c54cU, 0x6e7b2e65f8f91efeU}, {0x13d3e2388029bb4fU, 0xc50cfcffbb9bb35fU},
    {0x18c8dac6a0342a23U, 0xb6503c3faa82a037U}, {0x1efb1178484134acU, 0xa3e44b4f95234844U},
    {0x135ceaeb2d28c0ebU, 0xe66eaf11bd360d2bU}, {0x183425a5f872f126U, 0xe00a5ad62c839075U},
    {0x1e412f0f768fad70U, 0x980cf18bb7a47493U}, {0x12e8bd69aa19cc66U, 0x5f0816f752c6c8dcU},
    {0x17a2ecc414a03f7fU, 0xf6ca1cb527787b13U}, {0x1d8ba7f519c84f5fU, 0xf47ca3e2715699d7U},
    {0x127748f9301d319bU, 0xf8cde66d86d62026U}, {0x17151b377c247e02U, 0xf7016008e88ba830U},
    {0x1cda62055b2d9d83U, 0xb4c1b80b22ae923cU}, {0x12087d4358fc8272U, 0x50f91306f5ad1b65U},
    {0x168a9c942f3ba30eU, 0xe53757c8b318623fU}, {0x1c2d43b93b0a8bd2U, 0x9e852dbadfde7acfU},
    {0x119c4a53c4e69763U, 0xa3133c94cbeb0cc1U}, {0x16035ce8b6203d3cU, 0x8bd80bb9fee5cff1U},
    {0x1b843422e3a84c8bU, 0xaece0ea87e9f43eeU}, {0x1132a095ce492fd7U, 0x4d40c9294f238a75U},
    {0x157f48bb41db7bcdU, 0x2090fb73a2ec6d12U}, {0x1adf1aea12525ac0U, 0x68b53a508ba78856U},
    {0x10cb70d24b7378b8U, 0x417144725748b536U}, {0x14fe4d06de5056e6U, 0x51cd958eed1ae283U},
    {0x1a3de04895e46c9fU, 0xe640faf2a8619b24U}, {0x1066ac2d5daec3e3U, 0xefe89cd7a93d00f7U},
    {0x14805738b51a74dcU, 0xebe2c40d938c4134U}, {0x19a06d06e2611214U, 0x26db7510f86f5181U},
    {0x100444244d7cab4cU, 0x9849292a9b4592f1U}, {0x1405552d60dbd61fU, 0xbe5b73754216f7adU},
    {0x1906aa78b912cba7U, 0xadf25052929cb598U}, {0x1f485516e7577e91U, 0x996ee4673743e2ffU},
    {0x138d352e5096af1aU, 0xffe54ec0828a6ddfU}, {0x18708279e4bc5ae1U, 0xbfdea270a32d0957U},
    {0x1e8ca3185deb719aU, 0x2fd64b0ccbf84badU}, {0x1317e5ef3ab32700U, 0x5de5eee7ff7b2f4cU},
    {0x17dddf6b095ff0c0U, 0x755f6aa1ff59fb1fU}, {0x1dd55745cbb7ecf0U, 0x92b7454a7f3079e7U},
    {0x12a5568b9f52f416U, 0x5bb28b4e8f7e4c30U}, {0x174eac2e8727b11bU, 0xf29f2e22335ddf3cU},
    {0x1d22573a28f19d62U, 0xef46f9aac035570bU}, {0x123576845997025dU, 0xd58c5c0ab8215667U},
    {0x16c2d4256ffcc2f5U, 0x4aef730d6629ac01U}, {0x1c73892ecbfbf3b2U, 0x9dab4fd0bfb41701U},
    {0x11c835bd3f7d784fU, 0xa28b11e277d08e60U}, {0x163a432c8f5cd663U, 0x8b2dd65b15c4b1f9U},
    {0x1bc8d3f7b3340bfcU, 0x6df94bf1db35de77U}, {0x115d847ad000877dU, 0xc4bbcf772901ab0aU},
    {0x15b4e5998400a95dU, 0x35eac354f34215cdU}, {0x1b221effe500d3b4U, 0x8365742a30129b40U},
    {0x10f5535fef208450U, 0xd21f689a5e0ba108U}, {0x1532a837eae8a565U, 0x06a742c0f58e894aU},
    {0x1a7f5245e5a2cebeU, 0x4851137132f22b9dU}, {0x108f936baf85c136U, 0xed32ac26bfd75b42U},
    {0x14b378469b673184U, 0xa87f57306fcd3212U}, {0x19e056584240fde5U, 0xd29f2cfc8bc07e97U},
    {0x102c35f729689eafU, 0xa3a37c1dd7584f1eU}, {0x14374374f3c2c65bU, 0x8c8c5b254d2e62e6U},
    {0x1945145230b377f2U, 0x6faf71eea079fb9fU}, {0x1f965966bce055efU, 0x0b9b4e6a48987a87U},
    {0x13bdf7e0360c35b5U, 0x674111026d5f4c94U}, {0x18ad75d8438f4322U, 0xc111554308b71fbaU},
    {0x1ed8d34e547313ebU, 0x7155aa93cae4e7a8U}, {0x13478410f4c7ec73U, 0x26d58a9c5ecf10c9U},
    {0x1819651531f9e78fU, 0xf08aed437682d4fbU}, {0x1e1fbe5a7e786173U, 0xecada89454238a3aU},
    {0x12d3d6f88f0b3ce8U, 0x73ec895cb4963664U}, {0x1788ccb6b2ce0c22U, 0x90e7abb3e1bbc3fdU},
    {0x1d6affe45f818f2bU, 0x352196a0da2ab4fdU}, {0x1262dfeebbb0f97bU, 0x0134fe24885ab11eU},
    {0x16fb97ea6a9d37d9U, 0xc1823dadaa715d65U}, {0x1cba7de5054485d0U, 0x31e2cd19150db4bfU},
    {0x11f48eaf234ad3a2U, 0x1f2dc02fad2890f7U}, {0x1671b25aec1d888aU, 0xa6f9303b9872b535U},
    {0x1c0e1ef1a724eaadU, 0x50b77c4a7e8f6282U}, {0x1188d357087712acU, 0x5272adae8f199d91U},
    {0x15eb082cca94d757U, 0x670f591a32e004f6U}, {0x1b65ca37fd3a0d2dU, 0x40d32f60bf980633U},
    {0x111f9e62fe44483cU, 0x4883fd9c77bf03e0U}, {0x156785fbbdd55a4bU, 0x5aa4fd0395aec4d8U},
    {0x1ac1677aad4ab0deU, 0x314e3c447b1a760eU}, {0x10b8e0acac4eae8aU, 0xded0e5aaccf089c9U},
    {0x14e718d7d7625a2dU, 0x96851f15802cac3bU}, {0x1a20df0dcd3af0b8U, 0xfc2666dae037d74aU},
    {0x10548b68a044d673U, 0x9d980048cc22e68eU}, {0x1469ae42c8560c10U, 0x84fe005aff2ba032U},
    {0x198419d37a6b8f14U, 0xa63d8071bef6883eU}, {0x1fe52048590672d9U, 0xcfcce08e2eb42a4eU},
    {0x13ef342d37a407c8U, 0x21e00c58dd309a70U}, {0x18eb0138858d09baU, 0x2a580f6f147cc10dU},
    {0x1f25c186a6f04c28U, 0xb4ee134ad99bf150U}, {0x137798f428562f99U, 0x7114cc0ec80176d2U},
    {0x18557f31326bbb7fU, 0xcd59ff127a01d486U}, {0x1e6adefd7f06aa5fU, 0xc0b07ed7188249a8U},
    {0x1302cb5e6f642a7bU, 0xd86e4f466f516e09U}, {0x17c37e360b3d351aU, 0xce89e3180b25c98bU},
    {0x1db45dc38e0c8261U, 0x822c5bde0def3beeU}, {0x1290ba9a38c7d17cU, 0xf15bb96ac8b58575U},
    {0x1734e940c6f9c5dcU, 0x2db2a7c57ae2e6d2U}, {0x1d022390f8b83753U, 0x391f51b6d99ba086U},
    {0x1221563a9b732294U, 0x03b3931248014454U}, {0x16a9abc9424feb39U, 0x04a077d6da019569U},
    {0x1c5416bb92e3e607U, 0x45c895cc9081fac3U}, {0x11b48e353bce6fc4U, 0x8b9d5d9fda513cbaU},
    {0x1621b1c28ac20bb5U, 0xae84b507d0e58be8U}, {0x1baa1e332d728ea3U, 0x1a25e249c51eeee3U},
    {0x114a52dffc679925U, 0xf057ad6e1b33554dU}, {0x159ce797fb817f6fU, 0x6c6d98c9a2002aa1U},
    {0x1b04217dfa61df4bU, 0x4788fefc0a803549U}, {0x10e294eebc7d2b8fU, 0x0cb59f5d8690214eU},
    {0x151b3a2a6b9c7672U, 0xcfe30734e83429a1U}, {0x1a6208b50683940fU, 0x83dbc9022241340aU},
    {0x107d457124123c89U, 0xb2695da15568c086U}, {0x149c96cd6d16cbacU, 0x1f03b509aac2f0a7U},
    {0x19c3bc80c85c7e97U, 0x26c4a24c1573acd1U}, {0x101a55d07d39cf1eU, 0x783ae56f8d684c03U},
    {0x1420eb449c8842e6U, 0x16499ecb70c25f03U}, {0x19292615c3aa539fU, 0x9bdc067e4cf2f6c4U},
    {0x1f736f9b3494e887U, 0x82d3081de02fb476U}, {0x13a825c100dd1154U, 0xb1c3e512ac1dd0c9U},
    {0x18922f31411455a9U, 0xde34de57572544fcU}, {0x1eb6bafd91596b14U, 0x55c215ed2cee963bU},
    {0x133234de7ad7e2ecU, 0xb5994db43c151de5U}, {0x17fec216198ddba7U, 0xe2ffa1214b1a655eU},
    {0x1dfe729b9ff15291U, 0xdbbf89699de0feb6U}, {0x12bf07a143f6d39bU, 0x2957b5e202ac9f31U},
    {0x176ec98994f48881U, 0xf3ada35a8357c6feU}, {0x1d4a7bebfa31aaa2U, 0x70990c31242db8bdU},
    {0x124e8d737c5f0aa5U, 0x865fa79eb69c9376U}, {0x16e230d05b76cd4eU, 0xe7f791866443b854U},
    {0x1c9abd04725480a2U, 0xa1f575e7fd54a669U}, {0x11e0b622c774d065U, 0xa53969b0fe54e801U},
    {0x1658e3ab7952047fU, 0x0e87c41d3dea2202U}, {0x1bef1c9657a6859eU, 0xd229b5248d64aa82U},
    {0x117571ddf6c81383U, 0x435a1136d85eea91U}, {0x15d2ce55747a1864U, 0x143095848e76a536U},
    {0x1b4781ead1989e7dU, 0x193cbae5b2144e83U}, {0x110cb132c2ff630eU, 0x2fc5f4cf8f4cb112U},
    {0x154fdd7f73bf3bd1U, 0xbbb77203731fdd56U}, {0x1aa3d4df50af0ac6U, 0x2aa54e844fe7d4acU},
    {0x10a6650b926d66bbU, 0xdaa75112b1f0e4ebU}, {0x14cffe4e7708c06aU, 0xd15125575e6d1e26U},
    {0x1a03fde214caf085U, 0x85a56ead360865b0U}, {0x10427ead4cfed653U, 0x7387652c41c53f8eU},
    {0x14531e58a03e8be8U, 0x50693e7752368f71U}, {0x1967e5eec84e2ee2U, 0x64838e1526c4334eU},
    {0x1fc1df6a7a61ba9aU, 0xfda4719a70754022U}, {0x13d92ba28c7d14a0U, 0xde86c70086494815U},
    {0x18cf768b2f9c59c9U, 0x162878c0a7db9a1aU}, {0x1f03542dfb83703bU, 0x5bb296f0d1d280a1U},
    {0x1362149cbd322625U, 0x194f9e5683239064U}, {0x183a99c3ec7eafaeU, 0x5fa385ec23ec747eU},
    {0x1e494034e79e5b99U, 0xf78c67672ce7919dU}, {0x12edc82110c2f940U, 0x3ab7c0a07c10bb02U},
    {0x17a93a2954f3b790U, 0x4965b0c89b14e9c3U}, {0x1d9388b3aa30a574U, 0x5bbf1cfac1da2433U},
    {0x127c35704a5e6768U, 0xb957721cb92856a0U}, {0x171b42cc5cf60142U, 0xe7ad4ea3e7726c48U},
    {0x1ce2137f74338193U, 0xa198a24ce14f075aU}, {0x120d4c2fa8a030fcU, 0x44ff65700cd16498U},
    {0x16909f3b92c83d3bU, 0x563f3ecc1005bdbeU}, {0x1c34c70a777a4c8aU, 0x2bcf0e7f14072d2eU},
    {0x11a0fc668aac6fd6U, 0x5b61690f6c847c3dU}, {0x16093b802d578bcbU, 0xf239c35347a59b4cU},
    {0x1b8b8a6038ad6ebeU, 0xeec83428198f021fU}, {0x1137367c236c6537U, 0x553d20990ff96153U},
    {0x1585041b2c477e85U, 0x2a8c68bf53f7b9a8U}, {0x1ae64521f7595e26U, 0x752f82ef28f5a812U},
    {0x10cfeb353a97dad8U, 0x093db1d57999890bU}, {0x1503e602893dd18eU, 0x0b8d1e4ad7ffeb4eU},
    {0x1a44df832b8d45f1U, 0x8e7065dd8dffe622U}, {0x106b0bb1fb384bb6U, 0xf9063faa78bfefd5U},
    {0x1485ce9e7a065ea4U, 0xb747cf9516efebcaU}, {0x19a742461887f64dU, 0xe519c37a5cabe6bdU},
    {0x1008896bcf54f9f0U, 0xaf301a2c79eb7036U}, {0x140aabc6c32a386cU, 0xdafc20b798664c43U},
    {0x190d56b873f4c688U, 0x11bb28e57e7fdf54U}, {0x1f50ac6690f1f82aU, 0x1629f31ede1fd72aU},
    {0x13926bc01a973b1aU, 0x4dda37f34ad3e67aU}, {0x187706b0213d09e0U, 0xe150c5f01d88e019U},
    {0x1e94c85c298c4c59U, 0x19a4f76c24eb181fU}, {0x131cfd3999f7afb7U, 0xb0071aa39712ef13U},
    {0x17e43c8800759ba5U, 0x9c08e14c7cd7aad8U}, {0x1ddd4baa0093028fU, 0x030b199f9c0d958eU},
    {0x12aa4f4a405be199U, 0x61e6f003c1887d79U}, {0x1754e31cd072d9ffU, 0xba60ac04b1ea9cd7U},
    {0x1d2a1be4048f907fU, 0xa8f8d705de65440dU}, {0x123a516e82d9ba4fU, 0xc99b8663aaff4a88U},
    {0x16c8e5ca239028e3U, 0xbc0267fc95bf1d2aU}, {0x1c7b1f3cac74331cU, 0xab0301fbbb2ee474U},
    {0x11ccf385ebc89ff1U, 0xeae1e13d54fd4ec9U}, {0x1640306766bac7eeU, 0x659a598caa3ca27bU},
    {0x1bd03c81406979e9U, 0xff00efefd4cbcb1aU}, {0x116225d0c841ec32U, 0x3f6095f5e4ff5ef0U},
    {0x15baaf44fa52673eU, 0xcf38bb735e3f36acU}, {0x1b295b1638e7010eU, 0x8306ea5035cf0457U},
    {0x10f9d8ede39060a9U, 0x11e4527221a162b6U}, {0x15384f295c7478d3U, 0x565d670eaa09bb64U},
    {0x1a8662f3b3919708U, 0x2bf4c0d2548c2a3dU}, {0x1093fdd8503afe65U, 0x1b78f88374d79a66U},
    {0x14b8fd4e6449bdfeU, 0x625736a4520d8100U}, {0x19e73ca1fd5c2d7dU, 0xfaed044d6690e140U},
    {0x103085e53e599c6eU, 0xbcd422b0601a8cc8U}, {0x143ca75e8df0038aU, 0x6c092b5c78212ffaU},
    {0x194bd136316c046dU, 0x070b763396297bf8U}, {0x1f9ec583bdc70588U, 0x48ce53c07bb3daf6U},
    {0x13c33b72569c6375U, 0x2d80f4584d5068daU}, {0x18b40a4eec437c52U, 0x78e1316e60a48310U},

};
static const uint64_t pow5inv_tab[292][2] = {
    {0x2000000000000000U, 0x0000000000000001U}, {0x1999999999999999U, 0x999999999999999aU},
    {0x147ae147ae147ae1U, 0x47ae147ae147ae15U}, {0x10624dd2f1a9fbe7U, 0x6c8b4395810624deU},
    {0x1a36e2eb1c432ca5U, 0x7a786c226809d496U}, {0x14f8b588e368f084U, 0x61f9f01b866e43abU},
    {0x10c6f7a0b5ed8d36U, 0xb4c7f34938583622U}, {0x1ad7f29abcaf4857U, 0x87a6520ec08d236aU},
    {0x15798ee2308c39dfU, 0x9fb841a566d74f88U}, {0x112e0be826d694b2U, 0xe62d01511f12a607U},
    {0x1b7cdfd9d7bdbab7U, 0xd6ae6881cb5109a4U}, {0x15fd7fe17964955fU, 0xdef1ed34a2a73aeaU},
    {0x119799812dea1119U, 0x7f27f0f6e885c8bbU}, {0x1c25c268497681c2U, 0x650cb4be40d60df8U},
    {0x16849b86a12b9b01U, 0xea70909833de7193U}, {0x1203af9ee756159bU, 0x21f3a6e0297ec143U},
    {0x1cd2b297d889bc2bU, 0x6985d7cd0f313537U}, {0x170ef54646d49689U, 0x2137dfd73f5a90f9U},
    {0x12725dd1d243aba0U, 0xe75fe645cc4873faU}, {0x1d83c94fb6d2ac34U, 0xa5663d3c7a0d865dU},
    {0x179ca10c9242235dU, 0x511e976394d79eb1U}, {0x12e3b40a0e9b4f7dU, 0xda7edf82dd794bc1U},
    {0x1e392010175ee596U, 0x2a6498d1625bac68U}, {0x182db34012b25144U, 0xeeb6e0a781e2f053U},
    {0x1357c299a88ea76aU, 0x58924d52ce4f26a9U}, {0x1ef2d0f5da7dd8aaU, 0x27507bb7b07ea441U},
    {0x18c240c4aecb13bbU, 0x52a6c95fc0655034U}, {0x13ce9a36f23c0fc9U, 0x0eebd44c99eaa690U},
    {0x1fb0f6be50601941U, 0xb17953adc3110a80U}, {0x195a5efea6b34767U, 0xc12ddc8b02740867U},
    {0x14484bfeebc29f86U, 0x3424b06f3529a052U}, {0x1039d66589687f9eU, 0x901d59f290ee19dbU},
    {0x19f623d5a8a73297U, 0x4cfbc31db4b0295fU}, {0x14c4e977ba1f5bacU, 0x3d9635b15d59bab2U},
    {0x109d8792fb4c4956U, 0x97ab5e277de16228U}, {0x1a95a5b7f87a0ef0U, 0xf2abc9d8c9689d0dU},
    {0x154484932d2e725aU, 0x5bbca17a3aba173eU}, {0x11039d428a8b8eaeU, 0xafca1ac82efb45cbU},
    {0x1b38fb9daa78e44aU, 0xb2dcf7a6b1920945U}, {0x15c72fb1552d836eU, 0xf57d92ebc141a104U},
    {0x116c262777579c58U, 0xc46475896767b403U}, {0x1be03d0bf225c6f4U, 0x6d6d88dbd8a5ecd2U},
    {0x164cfda3281e38c3U, 0x8abe071646eb23dbU}, {0x11d7314f534b609cU, 0x6efe6c11d255b649U},
    {0x1c8b821885456760U, 0xb197134fb6ef8a0eU}, {0x16d601ad376ab91aU, 0x27ac0f72f8bfa1a5U},
    {0x1244ce242c5560e1U, 0xb95672c260994e1eU}, {0x1d3ae36d13bbce35U, 0xf5571e03cdc21695U},
    {0x17624f8a762fd82bU, 0x2aac18030b01ababU}, {0x12b50c6ec4f31355U, 0xbbbce0026f348956U},
    {0x1dee7a4ad4b81eefU, 0x92c7ccd0b1eda889U}, {0x17f1fb6f10934bf2U, 0xdbd30a408e57ba07U},
    {0x1327fc58da0f6ff5U, 0x7ca8d50071dfc806U}, {0x1ea6608e29b24cbbU, 0xfaa7bb33e9660cd6U},
    {0x18851a0b548ea3c9U, 0x9552fc298784d711U}, {0x139dae6f76d88307U, 0xaaa8c9bad2d0ac0eU},
    {0x1f62b0b257c0d1a5U, 0xdddadc5e1e1aace3U}, {0x191bc08eac9a4151U, 0x7e48b04b4b488a4fU},
    {0x141633a556e1cddaU, 0xcb6d59d5d5d3a1d9U}, {0x1011c2eaabe7d7e2U, 0x3c577b1177dc817bU},
    {0x19b604aaaca62636U, 0xc6f25e825960cf2aU}, {0x14919d5556eb51c5U, 0x6bf518684780a5bbU},
    {0x10747ddddf22a7d1U, 0x232a79ed06008496U}, {0x1a53fc9631d10c81U, 0xd1dd8fe1a3340756U},
    {0x150ffd44f4a73d34U, 0xa7e4731ae8f66c45U}, {0x10d9976a5d52975dU, 0x531d28e253f8569eU},
    {0x1af5bf109550f22eU, 0xeb61db03b98d5762U}, {0x159165a6ddda5b58U, 0xbc4e48cfc7a445e8U},
    {0x11411e1f17e1e2adU, 0x6371d3d96c836b20U}, {0x1b9b6364f3030448U, 0x9f1c8628ad9f11cdU},
    {0x1615e91d8f359d06U, 0xe5b06b53be18db0bU}, {0x11ab20e472914a6bU, 0xeaf3890fcb4715a2U},
    {0x1c45016d841baa46U, 0x44b8db4c7871bc37U}, {0x169d9abe03495505U, 0x03c715d6c6c1635fU},
    {0x1217aefe69077737U, 0x3638de456bcde919U}, {0x1cf2b1970e725858U, 0x56c163a2461641c1U},
    {0x17288e1271f51379U, 0xdf011c81d1ab67ceU}, {0x1286d80ec190dc61U, 0x7f3416ce4155eca5U},
    {0x1da48ce468e7c702U, 0x6520247d3556476eU}, {0x17b6d71d20b96c01U, 0xea801d30f7783925U},
    {0x12f8ac174d612334U, 0xbb99b0f3f92cfa84U}, {0x1e5aacf215683854U, 0x5f5c4e532847f739U},
    {0x18488a5b44536043U, 0x7f7d0b75b9d32c2eU}, {0x136d3b7c36a919cfU, 0x9930d5f7c7dc2358U},
    {0x1f152bf9f10e8fb2U, 0x8eb4898c72f9d226U}, {0x18ddbcc7f40ba628U, 0x722a07a38f2e41b8U},
    {0x13e497065cd61e86U, 0xc1bb394fa5be9afaU}, {0x1fd424d6faf030d7U, 0x9c5ec2190930f7f6U},
    {0x197683df2f268d79U, 0x49e56814075a5ff8U}, {0x145ecfe5bf520ac7U, 0x6e51201005e1e660U},
    {0x104bd984990e6f05U, 0xf1da800cd181851aU}, {0x1a12f5a0f4e3e4d6U, 0x4fc400148268d4f5U},
    {0x14dbf7b3f71cb711U, 0xd96999aa01ed772bU}, {0x10aff95cc5b09274U, 0xadee1488018ac5bcU},
    {0x1ab328946f80ea54U, 0x497ceda668de092cU}, {0x155c2076bf9a5510U, 0x3aca57b853e4d424U},
    {0x1116805effaeaa73U, 0x623b7960431d7683U}, {0x1b5733cb32b110b8U, 0x9d2bf566d1c8bd9eU},
    {0x15df5ca28ef40d60U, 0x7dbcc452416d647fU}, {0x117f7d4ed8c33de6U, 0xcafd69db678ab6ccU},
    {0x1bff2ee48e052fd7U, 0xab2f0fc572778adfU}, {0x1665bf1d3e6a8cacU, 0x88f273045b92d580U},
    {0x11eaff4a98553d56U, 0xd3f528d049424466U}, {0x1cab3210f3bb9557U, 0xb988414d4203a0a3U},
    {0x16ef5b40c2fc7779U, 0x6139cdd76802e6e9U}, {0x125915cd68c9f92dU, 0xe761717920025254U},
    {0x1d5b561574765b7cU, 0xa568b58e999d5086U}, {0x177c44ddf6c515fdU, 0x5120913ee14aa6d2U},
    {0x12c9d0b1923744caU, 0xa74d40ff1aa21f0eU}, {0x1e0fb44f50586e11U, 0x0baece64f769cb4aU},
    {0x180c903f7379f1a7U, 0x3c8bd850c5ee3c3bU}, {0x133d4032c2c7f485U, 0xca0979da37f1c9c9U},
    {0x1ec866b79e0cba6fU, 0xa9a8c2f6bfe942dbU}, {0x18a0522c7e709526U, 0x2153cf2bccba9be3U},
    {0x13b374f06526ddb8U, 0x1aa9728970954982U}, {0x1f8587e7083e2f8cU, 0xf775840f1a88759dU},
    {0x19379fec0698260aU, 0x5f9136727ba05e17U}, {0x142c7ff0054684d5U, 0x1940f85b9619e4dfU},
    {0x1023998cd1053710U, 0xe100c6afab47ea4cU}, {0x19d28f47b4d524e7U, 0xce67a44c453fdd47U},
    {0x14a8729fc3ddb71fU, 0xd852e9d69dccb106U}, {0x1086c219697e2c19U, 0x79dbee454b0a2738U},
    {0x1a71368f0f30468fU, 0x295fe3a211a9d859U}, {0x15275ed8d8f36ba5U, 0xbab31c81a7bb137aU},
    {0x10ec4be0ad8f8951U, 0x6228e39aec95a92fU}, {0x1b13ac9aaf4c0ee8U, 0x9d0e38f7e0ef7517U},
    {0x15a956e225d67253U, 0xb0d82d931a592a79U}, {0x11544581b7dec1dcU, 0x8d79be0f4847552eU},
    {0x1bba08cf8c979c94U, 0x158f967eda0bbb7cU}, {0x162e6d72d6dfb076U, 0x77a611ff14d62f97U},
    {0x11bebdf578b2f391U, 0xf951a7ff43de8c79U}, {0x1c6463225ab7ec1cU, 0xc21c3ffed2fdad8eU},
    {0x16b6b5b5155ff017U, 0x01b0333242648ad8U}, {0x122bc490dde659acU, 0x0159c28e9b83a246U},
    {0x1d12d41afca3c2acU, 0xcef604175f3903a3U}, {0x17424348ca1c9bbdU, 0x725e69ac4c2d9c83U},
    {0x129b69070816e2fdU, 0xf5185489d68ae39cU}, {0x1dc574d80cf16b2fU, 0xee8d540fbdab05c6U},
    {0x17d12a4670c1228cU, 0xbed77672fe226b05U}, {0x130dbb6b8d674ed6U, 0xff12c528cb4ebc04U},
    {0x1e7c5f127bd87e24U, 0xcb513b74787df9a0U}, {0x18637f41fcad31b7U, 0x090dc929f9fe614dU},
    {0x1382cc34ca2427c5U, 0xa0d7d42194cb810aU}, {0x1f37ad21436d0c6fU, 0x67bfb9cf5478ce77U},
    {0x18f9574dcf8a7059U, 0x1fcc94a5dd2d71f9U}, {0x13faac3e3fa1f37aU, 0x7fd6dd517dbdf4c7U},
    {0x1ff779fd329cb8c3U, 0xffbe2ee8c92fee0bU}, {0x1992c7fdc216fa36U, 0x6631bf20a0f324d6U},
    {0x14756ccb01abfb5eU, 0xb827cc1a1a5c1d78U}, {0x105df0a267bcc918U, 0x935309ae7b7ce460U},
    {0x1a2fe76a3f9474f4U, 0x1eeb42b0c594a099U}, {0x14f31f8832dd2a5cU, 0xe58902270476e6e1U},
    {0x10c27fa028b0eeb0U, 0xb7a0ce859d2bebe7U}, {0x1ad0cc33744e4ab4U, 0x59014a6f61dfdfd8U},
    {0x1573d68f903ea229U, 0xe0cdd525e7e64cadU}, {0x11297872d9cbb4eeU, 0x4d7177518651d6f1U},
    {0x1b758d848fac54b0U, 0x7be8bee8d6e957e8U}, {0x15f7a46a0c89dd59U, 0xfcba3253df211320U},
    {0x1192e9ee706e4aaeU, 0x63c8284318e74280U}, {0x1c1e43171a4a1117U, 0x060d0d3827d86a66U},
    {0x167e9c127b6e7412U, 0x6b3da42cecad21ebU}, {0x11fee341fc585cdbU, 0x88fe1cf0bd574e56U},
    {0x1ccb0536608d615fU, 0x419694b462254a23U}, {0x1708d0f84d3de77fU, 0x67abaa29e81dd4e9U},
    {0x126d73f9d764b932U, 0xb95621bb2017dd87U}, {0x1d7becc2f23ac1eaU, 0xc223692b668c95a5U},
    {0x179657025b6234bbU, 0xce82ba891ed6de1dU}, {0x12deac01e2b4f6fcU, 0xa53562074bdf1818U},
    {0x1e3113363787f194U, 0x3b889cd87964f359U}, {0x18274291c6065adcU, 0xfc6d4a46c783f5e1U},
    {0x13529ba7d19eaf17U, 0x30576e9f06032b1aU}, {0x1eea92a61c311825U, 0x1a257dcb3cd1de90U},
    {0x18bba884e35a79b7U, 0x481dfe3c30a7e540U}, {0x13c9539d82aec7c5U, 0xd34b31c9c0865100U},
    {0x1fa885c8d117a609U, 0x5211e942cda3b4cdU}, {0x19539e3a40dfb807U, 0x74db21023e1c90a4U},
    {0x1442e4fb67196005U, 0xf715b401cb4a0d50U}, {0x103583fc527ab337U, 0xf8de299b09080aa7U},
    {0x19ef3993b72ab859U, 0x8e304291a80cddd7U}, {0x14bf6142f8eef9e1U, 0x3e8d020e200a4b13U},
    {0x10991a9bfa58c7e7U, 0x653d9b3e80083c0fU}, {0x1a8e90f9908e0ca5U, 0x6ec8f864000d2ce4U},
    {0x153eda614071a3b7U, 0x8bd3f9e999a423eaU}, {0x10ff151a99f482f9U, 0x3ca994bae1501cbbU},
    {0x1b31bb5dc320d18eU, 0xc775bac49bb3612bU}, {0x15c162b168e70e0bU, 0xd2c4956a16291a89U},
    {0x11678227871f3e6fU, 0xdbd0778811ba7ba1U}, {0x1bd8d03f3e9863e6U, 0x2c80bf401c5d929bU},
    {0x16470cff6546b651U, 0xbd33cc3349e47549U}, {0x11d270cc51055ea7U, 0xca8fd68f6e505dd4U},
    {0x1c83e7ad4e6efdd9U, 0x4419574be3b3c953U}, {0x16cfec8aa52597e1U, 0x0347790982f63aa9U},
    {0x123ff06eea847980U, 0xcf6c60d468c4fbbaU}, {0x1d331a4b10d3f59aU, 0xe57a34870e07f92aU},
    {0x175c1508da432ae2U, 0x512e906c0b399422U}, {0x12b010d3e1cf5581U, 0xda8ba6bcd5c7a9b5U},
    {0x1de6815302e5559cU, 0x90df712e22d90f87U}, {0x17eb9aa8cf1dde16U, 0xda4c5a8b4f140c6cU},
    {0x1322e220a5b17e78U, 0xaea37ba2a5a9a38aU}, {0x1e9e369aa2b59727U, 0x7dd25f6aa2a905a9U},
    {0x187e92154ef7ac1fU, 0x97db7f888220d154U}, {0x139874ddd8c6234cU, 0x797c6606ce80a777U},
    {0x1f5a549627a36badU, 0x8f2d700ae4010bf1U}, {0x191510781fb5efbeU, 0x0c2459a25000d65aU},
    {0x1410d9f9b2f7f2feU, 0x701d1481d99a4515U}, {0x100d7b2e28c65bfeU, 0xc017439b147b6a77U},
    {0x19af2b7d0e0a2ccaU, 0xccf205c4ed9243f2U}, {0x148c22ca71a1bd6fU, 0x0a5b37d0be0e9cc2U},
    {0x10701bd527b4978cU, 0x0848f973cb3ee3ceU}, {0x1a4cf9550c5425acU, 0xda0e5bec78649fb0U},
    {0x150a6110d6a9b7bdU, 0x7b3eaff060507fc0U}, {0x10d51a73deee2c97U, 0x95cbbff380406633U},
    {0x1aee90b964b04758U, 0xefac665266cd7052U}, {0x158ba6fab6f36c47U, 0x2623850eb8a459dbU},
    {0x113c85955f29236cU, 0x1e82d0d893b6ae49U}, {0x1b9408eefea838acU, 0xfd9e1af41f8ab075U},
    {0x16100725988693bdU, 0x97b1af29b2d559f7U}, {0x11a66c1e139edc97U, 0xac8e25baf5777b2cU},
    {0x1c3d79c9b8fe2dbfU, 0x7a7d092b2258c513U}, {0x169794a160cb57ccU, 0x61fda0ef4ead6a76U},
    {0x1212dd4de7091309U, 0xe7fe1a590bbdeec5U}, {0x1ceafbafd80e84dcU, 0xa6635d5b45fcb13aU},
    {0x172262f3133ed0b0U, 0x851c4aaf6b308dc8U}, {0x1281e8c275cbda26U, 0xd0e36ef2bc26d7d4U},
    {0x1d9ca79d894629d7U, 0xb49f17eac6a48c86U}, {0x17b08617a104ee46U, 0x2a18dfef0550706bU},
    {0x12f39e794d9d8b6bU, 0x54e0b3259dd9f389U}, {0x1e5297287c2f4578U, 0x87cdeb6f62f65274U},
    {0x18421286c9bf6ac6U, 0xd30b22bf825ea85dU}, {0x13680ed23aff889fU, 0x0f3c1bcc684bb9e4U},
    {0x1f0ce4839198da98U, 0x18602c7a4079296dU}, {0x18d71d360e13e213U, 0x46b356c833942124U},
    {0x13df4a91a4dcb4dcU, 0x388f78a029434db6U}, {0x1fcbaa82a1612160U, 0x5a7f2766a86baf8aU},
    {0x196fbb9bb44db44dU, 0x153285ebb9efbfa2U}, {0x145962e2f6a4903dU, 0xaa8ed189618c994eU},
    {0x1047824f2bb6d9caU, 0xeed8a7a11ad6e10cU}, {0x1a0c03b1df8af611U, 0x7e27729b5e249b45U},
    {0x14d6695b193bf80dU, 0xfe85f549181d4904U}, {0x10ab877c142ff9a4U, 0xcb9e5dd4134aa0d0U},
    {0x1aac0bf9b9e65c3aU, 0xdf63c9535211014dU}, {0x15566ffafb1eb02fU, 0x191ca10f74da6771U},
    {0x1111f32f2f4bc025U, 0xadb080d92a4852c1U}, {0x1b4feb7eb212cd09U, 0x15e7348eaa0d5134U},
    {0x15d98932280f0a6dU, 0xab1f5d3eee710dc4U}, {0x117ad428200c0857U, 0xbc1917658b8da49dU},
    {0x1bf7b9d9cce00d59U, 0x2cf4f23c127c3a94U}, {0x165fc7e170b33de0U, 0xf0c3f4fcdb969543U},
    {0x11e6398126f5cb1aU, 0x5a365d9716121103U}, {0x1ca38f350b22de90U, 0x9056fc24f01ce804U},
    {0x16e93f5da2824ba6U, 0xd9df301d8ce3ecd0U}, {0x125432b14ecea2ebU, 0xe17f59b13d8323daU},
    {0x1d53844ee47dd179U, 0x68cbc2b52f38395cU}, {0x177603725064a794U, 0x53d6355dbf602de3U},
    {0x12c4cf8ea6b6ec76U, 0xa9782ab165e68b1cU}, {0x1e07b27dd78b13f1U, 0x0f26aab56fd744faU},
    {0x18062864ac6f4327U, 0x3f52222abfdf6a62U}, {0x1338205089f29c1fU, 0x65db4e88997f884eU},
    {0x1ec033b40fea9365U, 0x6fc54a7428cc0d4aU}, {0x1899c2f673220f84U, 0x596aa1f68709a43bU},
    {0x13ae3591f5b4d936U, 0xadeee7f86c07b696U}, {0x1f7d228322baf524U, 0x497e3ff3e00c5756U},
    {0x1930e868e89590e9U, 0xd464fff64cd6ac45U}, {0x14272053ed4473eeU, 0x4383fff83d7889d1U},
    {0x101f4d0ff1038ff1U, 0xcf9cccc69793a174U}, {0x19cbae7fe805b31cU, 0x7f6147a425b90252U},
    {0x14a2f1ffecd15c16U, 0xcc4dd2e9b7c7350fU}, {0x10825b3323dab012U, 0x3d0b0f215fd290d9U},
    {0x1a6a2b85062ab350U, 0x61ab4b689950e7c1U}, {0x1521bc6a6b555c40U, 0x4e22a2ba1440b967U},
    {0x10e7c9eebc4449cdU, 0x0b4ee894dd009453U}, {0x1b0c764ac6d3a948U, 0x1217da87c800ed51U},
    {0x15a391d56bdc876cU, 0xdb46486ca000bddaU}, {0x114fa7ddefe39f8aU, 0x490506bd4ccd64afU},
    {0x1bb2a62fe638ff43U, 0xa8080ac87ae23ab1U}, {0x162884f31e93ff69U, 0x5339a239fbe82ef4U},
    {0x11ba03f5b20fff87U, 0x75c7b4fb2fecf25dU}, {0x1c5cd322b67fff3fU, 0x22d92191e647ea2eU},
    {0x16b0a8e891ffff65U, 0xb57a8141850654f2U}, {0x1226ed86db3332b7U, 0xc4620101373843f5U},
    {0x1d0b15a491eb8459U, 0x3a366801f1f39feeU}, {0x173c115074bc69e0U, 0xfb5eb99b27f6198bU},
    {0x129674405d6387e7U, 0x2f7efae2865e7ad6U}, {0x1dbd86cd6238d971U, 0xe597f7d0d6fd9156U},
    {0x17cad23de82d7ac1U, 0x8479930d78cadaabU}, {0x1308a831868ac89aU, 0xd06142712d6f1556U},
    {0x1e74404f3daada91U, 0x4d686a4eaf182222U}, {0x185d003f6488aedaU, 0xa453883ef279b4e8U},
    {0x137d99cc506d58aeU, 0xe9dc6cff28615d87U}, {0x1f2f5c7a1a488de4U, 0xa960ae650d6895a4U},
    {0x18f2b061aea07183U, 0xbab3beb73ded4483U}, {0x13f559e7bee6c136U, 0x2ef6322c318a9d36U},
};

static const uint64_t pow10_u64[20] = {
    1U, 10U, 100U, 1000U, 10000U, 100000U, 1000000U, 10000000U, 100000000U, 1000000000U,
    10000000000U, 100000000000U, 1000000000000U, 10000000000000U, 100000000000000U,
    1000000000000000U, 10000000000000000U, 100000000000000000U, 1000000000000000000U,
    10000000000000000000U
};

/* 5^0 .. 5^27 (5^27 < 2^63). */
static const uint64_t pow5_u64[28] = {
    1U, 5U, 25U, 125U, 625U, 3125U, 15625U, 78125U, 390625U, 1953125U, 9765625U,
    48828125U, 244140625U, 1220703125U, 6103515625U, 30517578125U, 152587890625U,
    762939453125U, 3814697265625U, 19073486328125U, 95367431640625U, 476837158203125U,
    2384185791015625U, 11920928955078125U, 59604644775390625U, 298023223876953125U,
    1490116119384765625U, 7450580596923828125U
};

/* One IEEE binary interchange format. */
typedef struct fl_format {
    int mbits;        /* stored significand bits */
    int ebits;        /* exponent field bits */
    int bias;
    int qinvbound;    /* e2 >= 0: exactness is tested only for q <= qinvbound */
    int qbound;       /* e2 < 0: ... and only for q < qbound */
    bool binary64;    /* table path, starting one digit lower */
    bool half;        /* binary16 layout rules */
} fl_format;

static const fl_format FMT_B64 = { 52, 11, 1023, 21, 63, true, false };
static const fl_format FMT_B32 = { 23, 8, 127, 9, 31, false, false };
static const fl_format FMT_B16 = { 10, 5, 15, 4, 15, false, true };

/* floor(e * log10 2), floor(e * log10 5), ceil(e * log2 5) (1 for e = 0); 0 <= e < 1650. */
static int log10_pow2(int e) { return (int)(((uint32_t)e * 78913U) >> 18); }
static int log10_pow5(int e) { return (int)(((uint32_t)e * 732923U) >> 20); }
static int pow5_bits(int e) { return (int)((((uint32_t)e * 1217359U) >> 19) + 1); }

/* (m * (hi:lo)) >> j, truncated to 64 bits; the callers guarantee the result fits. */
static uint64_t mul_shift(uint64_t m, uint64_t hi, uint64_t lo, int j)
{
    u128 plo = (u128)m * lo;
    u128 phi = (u128)m * hi;
    u128 mid = (plo >> 64) + (uint64_t)phi;
    uint64_t w0 = (uint64_t)plo, w1 = (uint64_t)mid;
    uint64_t w2 = (uint64_t)(phi >> 64) + (uint64_t)(mid >> 64);
    if (j >= 128)
        return w2 >> (j - 128);
    if (j >= 64)
        return (uint64_t)((((u128)w2 << 64) | w1) >> (j - 64));
    return (uint64_t)((((u128)w1 << 64) | w0) >> j);   /* w2 == 0 here */
}

static u128 pow10_wide(int q)   /* q <= 38 */
{
    return q < 20 ? pow10_u64[q] : (u128)pow10_u64[19] * pow10_u64[q - 19];
}

static u128 pow5_wide(int i)    /* i <= 54 */
{
    return i < 28 ? pow5_u64[i] : (u128)pow5_u64[27] * pow5_u64[i - 27];
}

/* floor(m * 2^e2 / 10^q) for e2 >= 0. */
static uint64_t scale_pos(const fl_format *f, uint64_t m, int e2, int q)
{
    if (f->binary64) {
        int j = -e2 + q + POW5_INV_BITS + pow5_bits(q) - 1;
        return mul_shift(m, pow5inv_tab[q][0], pow5inv_tab[q][1], j);
    }
    /* binary32: m < 2^26, e2 <= 102, so m 2^e2 < 2^128; q <= 30 */
    return (uint64_t)(((u128)m << e2) / pow10_wide(q));
}

/* floor(m * 5^i / 2^q): x 2^e2 / 10^(q+e2) for e2 < 0, i = -e2 - q. */
static uint64_t scale_neg(const fl_format *f, uint64_t m, int i, int q)
{
    if (f->binary64) {
        int j = q - (pow5_bits(i) - POW5_BITS);
        return mul_shift(m, pow5_tab[i][0], pow5_tab[i][1], j);
    }
    /* binary32: i <= 47, 5^i < 2^110, m < 2^26: the 192-bit product is exact */
    u128 p = pow5_wide(i);
    return mul_shift(m, (uint64_t)(p >> 64), (uint64_t)p, q);
}

static bool multiple_of_pow5(uint64_t x, int p)
{
    int n = 0;
    while (x != 0 && x % 5 == 0) {
        x /= 5;
        n++;
    }
    return n >= p;
}

static bool multiple_of_pow2(uint64_t x, int p)
{
    return (x & ((UINT64_C(1) << p) - 1)) == 0;
}

/* Julia's Ryu.reduce_shortest(x, maxsignif): |x| = *digits * 10^*e10 for finite nonzero x
 * given by its bits (sign ignored).  maxsig == 0 means no limit. */
static void reduce_shortest(const fl_format *f, uint64_t bits, uint64_t maxsig,
                            uint64_t *digits, int *e10out)
{
    uint64_t mmask = (UINT64_C(1) << f->mbits) - 1;
    uint64_t m = bits & mmask;
    int e = (int)((bits >> f->mbits) & ((UINT64_C(1) << f->ebits) - 1));
    uint64_t mf = (UINT64_C(1) << f->mbits) | m;
    int ef = e - f->bias - f->mbits;
    uint64_t b;
    int e10;

    if (ef <= 0 && ef >= -f->mbits && (mf & ((UINT64_C(1) << -ef) - 1)) == 0) {
        /* an integer below 2^(mbits+1): its digits are exact */
        b = mf >> -ef;
        e10 = 0;
        if (maxsig && b > maxsig) {
            bool b_allzero = true, roundup = false;
            while (b > maxsig) {
                uint64_t d = b % 10;
                b /= 10;
                roundup = (b_allzero && b % 2 == 0) ? d > 5 : d >= 5;
                b_allzero &= d == 0;
                e10++;
            }
            b += roundup;
        }
        while (b % 10 == 0) {
            b /= 10;
            e10++;
        }
        *digits = b;
        *e10out = e10;
        return;
    }

    if (e == 0) {                                        /* subnormal */
        ef = 1 - f->bias - f->mbits;
        mf = m;
    }
    int e2 = ef - 2;
    bool even = (mf & 1) == 0;
    uint64_t v = 4 * mf, w = v + 2;
    bool u_half = m == 0 && e > 1;                       /* gap below is half as wide */
    uint64_t u = v - 2 + u_half;
    bool a_allzero = false, b_allzero = false;
    unsigned lastdigit = 0;
    uint64_t a, c;

    if (e2 >= 0) {
        int q = log10_pow2(e2) - (f->binary64 && e2 > 3);
        e10 = q;
        a = scale_pos(f, u, e2, q);
        b = scale_pos(f, v, e2, q);
        c = scale_pos(f, w, e2, q);
        if (!f->binary64 && q != 0 && (c - 1) / 10 <= a / 10)
            lastdigit = (unsigned)(scale_pos(f, v, e2, q - 1) % 10);
        if (q <= f->qinvbound) {
            /* Julia tests v % 5 == 0 as (v % UInt32) - 5 * div(v, 5) == 0 in 64-bit
             * arithmetic, which holds only when also v < 2^32: so for normal binary64
             * values b_allzero stays false here.  This shows only in compact ties
             * (23456650000000000.0 gives 2.34567e16, not 2.34566e16). */
            if (v % 5 == 0 && (v >> 32) == 0)
                b_allzero = multiple_of_pow5(v, q);
            else if (even)
                a_allzero = multiple_of_pow5(u, q);
            else
                c -= multiple_of_pow5(w, q);
        }
    } else {
        int q = log10_pow5(-e2) - (f->binary64 && -e2 > 1);
        int i = -e2 - q;
        e10 = q + e2;
        a = scale_neg(f, u, i, q);
        b = scale_neg(f, v, i, q);
        c = scale_neg(f, w, i, q);
        if (!f->binary64 && q != 0 && (c - 1) / 10 <= a / 10)
            lastdigit = (unsigned)(scale_neg(f, v, i + 1, q - 1) % 10);
        if (q <= 1) {
            b_allzero = true;
            if (even)
                a_allzero = !u_half;
            else
                c--;
        } else if (q < f->qbound) {
            b_allzero = multiple_of_pow2(v, q - !f->binary64);
        }
    }

    bool roundup;
    if (a_allzero || b_allzero) {
        /* general case: track exactness of the bounds while dropping digits */
        while (c / 10 > a / 10) {
            a_allzero &= a % 10 == 0;
            b_allzero &= lastdigit == 0;
            lastdigit = (unsigned)(b % 10);
            a /= 10;
            b /= 10;
            c /= 10;
            e10++;
        }
        if (a_allzero) {
            /* the lower bound is a candidate: drop its trailing zeros too (and, in
             * compact mode, keep going until b is below maxsig) */
            while (a % 10 == 0 || (maxsig && b >= maxsig)) {
                b_allzero &= lastdigit == 0;
                lastdigit = (unsigned)(b % 10);
                a /= 10;
                b /= 10;
                c /= 10;
                e10++;
            }
        }
        if (b_allzero && lastdigit == 5 && b % 2 == 0)
            lastdigit = 4;                               /* exact tie: round to even */
        roundup = (b == a && (!even || !a_allzero)) || lastdigit >= 5;
    } else {
        /* common case: neither bound is exact, so no ties and no boundary cases */
        roundup = lastdigit >= 5;
        if (c / 100 > a / 100) {
            roundup = b % 100 >= 50;
            a /= 100;
            b /= 100;
            c /= 100;
            e10 += 2;
        }
        while (c / 10 > a / 10) {
            roundup = b % 10 >= 5;
            a /= 10;
            b /= 10;
            c /= 10;
            e10++;
        }
        roundup = b == a || roundup;
    }

    if (maxsig && b > maxsig) {
        /* compact: round the truncated b (the pending roundup is discarded) */
        while (b > maxsig) {
            uint64_t d = b % 10;
            b /= 10;
            roundup = (b_allzero && b % 2 == 0) ? d > 5 : d >= 5;
            b_allzero &= d == 0;
            e10++;
        }
        b += roundup;
        while (b % 10 == 0) {
            b /= 10;
            e10++;
        }
    } else {
        b += roundup;
    }
    *digits = b;
    *e10out = e10;
}

/* ---- digit strings ---- */

static int decimal_length(uint64_t n)
{
    int len = 1;
    while (len < 20 && n >= pow10_u64[len])
        len++;
    return len;
}

/* Writes n in decimal, no NUL; returns its length. */
static int put_digits(char *out, uint64_t n)
{
    int len = decimal_length(n);
    for (int k = len - 1; k >= 0; k--) {
        out[k] = (char)('0' + n % 10);
        n /= 10;
    }
    return len;
}

static bool bits_nonfinite(const fl_format *f, uint64_t bits)
{
    uint64_t emax = (UINT64_C(1) << f->ebits) - 1;
    return ((bits >> f->mbits) & emax) == emax;
}

static bool bits_zero(const fl_format *f, uint64_t bits)
{
    return (bits & ((UINT64_C(1) << (f->mbits + f->ebits)) - 1)) == 0;
}

static int digits_of(const fl_format *f, uint64_t bits, uint64_t maxsig, char *digits,
                     int *exp10)
{
    *exp10 = 0;
    if (bits_nonfinite(f, bits)) {
        digits[0] = '\0';
        return 0;
    }
    if (bits_zero(f, bits)) {
        digits[0] = '0';
        digits[1] = '\0';
        return 1;
    }
    uint64_t d;
    reduce_shortest(f, bits, maxsig, &d, exp10);
    int n = put_digits(digits, d);
    digits[n] = '\0';
    return n;
}

#define COMPACT_MAXSIG 999999U

int fmt_shortest64(double x, char *digits, int *exp10)
{
    return digits_of(&FMT_B64, bits_from_double(x), 0, digits, exp10);
}

int fmt_shortest32(float x, char *digits, int *exp10)
{
    return digits_of(&FMT_B32, bits_from_float(x), 0, digits, exp10);
}

int fmt_shortest16(uint16_t h, char *digits, int *exp10)
{
    return digits_of(&FMT_B16, h, 0, digits, exp10);
}

int fmt_compact64(double x, char *digits, int *exp10)
{
    return digits_of(&FMT_B64, bits_from_double(x), COMPACT_MAXSIG, digits, exp10);
}

int fmt_compact32(float x, char *digits, int *exp10)
{
    return digits_of(&FMT_B32, bits_from_float(x), COMPACT_MAXSIG, digits, exp10);
}

int fmt_compact16(uint16_t h, char *digits, int *exp10)
{
    return digits_of(&FMT_B16, h, COMPACT_MAXSIG, digits, exp10);
}

/* ---- layout (Julia's writeshortest with hash=true, precision=-1) ---- */

/* Julia's mod(x, y) for floats with y > 0: the result takes the sign of y. */
static double julia_mod(double x, double y)
{
    double r = fmod(x, y);                               /* exact */
    if (r < 0)
        r += y;
    return r == 0 ? 0.0 : r;
}

static size_t put_str(char *out, size_t pos, const char *s)
{
    size_t n = strlen(s);
    memcpy(out + pos, s, n);
    return pos + n;
}

/* Formats the float with the given bits (xd: its value as a double) into out, which has
 * room for FMT_FLOAT_BUFSIZE bytes; returns the length (no NUL written). */
static size_t layout(const fl_format *f, uint64_t bits, double xd, int flags, char *out)
{
    bool compact = flags & FMT_COMPACT;
    bool typed = (flags & FMT_TYPED) && !compact;
    bool is32 = f == &FMT_B32;
    bool neg = (bits >> (f->mbits + f->ebits)) & 1;
    size_t pos = 0;

    if (bits_nonfinite(f, bits)) {
        bool nan = (bits & ((UINT64_C(1) << f->mbits) - 1)) != 0;
        if (!nan && neg)
            out[pos++] = '-';                            /* NaN never shows a sign */
        pos = put_str(out, pos, nan ? "NaN" : "Inf");
        if (typed && (is32 || f->half))
            pos = put_str(out, pos, is32 ? "32" : "16");
        return pos;
    }
    if (typed && f->half)
        pos = put_str(out, pos, "Float16(");
    if (neg)
        out[pos++] = '-';

    uint64_t output = 0;
    int nexp = 0;
    if (!bits_zero(f, bits))
        reduce_shortest(f, bits, compact ? COMPACT_MAXSIG : 0, &output, &nexp);
    char dig[24];
    int olength = put_digits(dig, output);               /* zero: "0", nexp 0 */
    int pt = nexp + olength;
    bool fixed = -4 < pt && pt <= (f->half ? 3 : 6);
    if (fixed && pt >= olength && output != 0) {
        double y = pow10_u64[pt - olength];
        fixed = !(fabs(julia_mod(xd + 0.05, y) - 0.05) > 0.05);
    }

    if (fixed) {
        if (pt <= 0) {                                   /* 0.000ddd */
            out[pos++] = '0';
            out[pos++] = '.';
            for (int k = 0; k < -pt; k++)
                out[pos++] = '0';
            memcpy(out + pos, dig, (size_t)olength);
            pos += (size_t)olength;
        } else if (pt >= olength) {                      /* ddd000.0 */
            memcpy(out + pos, dig, (size_t)olength);
            pos += (size_t)olength;
            for (int k = 0; k < nexp; k++)
                out[pos++] = '0';
            out[pos++] = '.';
            out[pos++] = '0';
        } else {                                         /* ddd.ddd */
            memcpy(out + pos, dig, (size_t)pt);
            pos += (size_t)pt;
            out[pos++] = '.';
            memcpy(out + pos, dig + pt, (size_t)(olength - pt));
            pos += (size_t)(olength - pt);
        }
        if (typed && is32)
            pos = put_str(out, pos, "f0");
    } else {                                             /* d.ddde-x */
        out[pos++] = dig[0];
        out[pos++] = '.';
        if (olength > 1) {
            memcpy(out + pos, dig + 1, (size_t)(olength - 1));
            pos += (size_t)(olength - 1);
        } else {
            out[pos++] = '0';
        }
        out[pos++] = is32 && (flags & FMT_EXPF) ? 'f' : 'e';
        int x10 = pt - 1;
        if (x10 < 0) {
            out[pos++] = '-';
            x10 = -x10;
        }
        pos += (size_t)put_digits(out + pos, (uint64_t)x10);
    }
    if (typed && f->half)
        out[pos++] = ')';
    return pos;
}

/* snprintf-style delivery of a formatted string of length n. */
static size_t deliver(char *buf, size_t cap, const char *s, size_t n)
{
    if (cap > 0) {
        size_t k = n < cap - 1 ? n : cap - 1;
        memcpy(buf, s, k);
        buf[k] = '\0';
    }
    return n;
}

size_t fmt_float64(char *buf, size_t cap, double x, int flags)
{
    char tmp[FMT_FLOAT_BUFSIZE];
    size_t n = layout(&FMT_B64, bits_from_double(x), x, flags & FMT_COMPACT, tmp);
    return deliver(buf, cap, tmp, n);
}

size_t fmt_float32(char *buf, size_t cap, float x, int flags)
{
    char tmp[FMT_FLOAT_BUFSIZE];
    size_t n = layout(&FMT_B32, bits_from_float(x), (double)x, flags, tmp);
    return deliver(buf, cap, tmp, n);
}

size_t fmt_float16(char *buf, size_t cap, uint16_t h, int flags)
{
    char tmp[FMT_FLOAT_BUFSIZE];
    size_t n = layout(&FMT_B16, h, f16_to_double(h), flags, tmp);
    return deliver(buf, cap, tmp, n);
}

/* ---- BigFloat (base/mpfr.jl: _string, _prettify_bigfloat) ---- */

/* "%Re" of a wide x, as mpfr_asprintf writes it ("[-]d.ddd…e±XX", the digit count of
 * mpfr_get_str_ndigits, rounded to nearest, ties to even), in exact integer arithmetic:
 * with |x| = m 2^e, the n digits are q = round(m 2^e 10^k) for k = n - 1 - E, E the
 * decimal exponent, one product by 5^k and a shift (k >= 0) or one division by
 * 5^-k (k < 0, numbers of more than n integer digits), then GMP's
 * subquadratic mpz_get_str.  MPFR's own conversion works through floating-point powers
 * of ten with error bounds and takes about 2.6 times as long at 100,000 digits.  When
 * the estimate of E is one low, q has n + 1 digits and k is corrected.
 * Only for exponents below the digit count (|E| <= n): 5^|k| stays no wider than x.
 * NULL when not applicable; the caller then asks MPFR. */
char *fmt_bigfloat_sci(mpfr_srcptr x)
{
    size_t n = mpfr_get_str_ndigits(10, mpfr_get_prec(x));
    mpz_t m, q, r, d;
    mpz_inits(m, q, r, d, NULL);
    mpfr_exp_t e = mpfr_get_z_2exp(m, x);
    int neg = mpz_sgn(m) < 0;
    mpz_abs(m, m);
    /* E = floor(log10 |x|) from the leading bits, |x| = d 2^x2 with 1/2 <= d < 1, made
     * smaller by a margin for the double's rounding: at most one below the truth (only
     * next to a power of ten).  Starting low matters: q then has n digits or more, never
     * fewer, and n + 1 says E is one more; starting high, a q rounded up to 10^(n-1)
     * would pass for n right digits. */
    long x2;
    double d0 = fabs(mpfr_get_d_2exp(&x2, x, MPFR_RNDZ));
    double lg = log10(d0) + (double)x2 * 0.30102999566398119521;
    long E = (long)floor(lg - 1e-9 * (1 + fabs(lg)));
    char *res = NULL;
    for (int tries = 0; tries < 4 && labs(E) <= (long)n; tries++) {
        long k = (long)n - 1 - E;
        /* q = round(m 2^e 10^k) = round(m 5^k 2^(e+k)) for k >= 0, m 2^(e+k) / 5^-k else */
        long sh = (long)e + k;
        int c; /* the dropped part against half of the last digit: <0, 0 (a tie), >0 */
        if (k >= 0) { /* q = m 5^k, shifted: a division by a power of 2 at most */
            mpz_ui_pow_ui(r, 5, (unsigned long)k);
            mpz_mul(q, m, r);
            if (sh >= 0) {
                mpz_mul_2exp(q, q, (mp_bitcnt_t)sh);
                c = -1;
            } else {
                mp_bitcnt_t s = (mp_bitcnt_t)-sh;
                mpz_fdiv_r_2exp(r, q, s);
                mpz_fdiv_q_2exp(q, q, s);
                c = !mpz_tstbit(r, s - 1) ? -1 : mpz_scan1(r, 0) < s - 1 ? 1 : 0;
            }
        } else { /* q = m 2^sh / 5^-k: a true division */
            mpz_ui_pow_ui(d, 5, (unsigned long)-k);
            mpz_set(q, m);
            if (sh >= 0)
                mpz_mul_2exp(q, q, (mp_bitcnt_t)sh);
            else
                mpz_mul_2exp(d, d, (mp_bitcnt_t)-sh);
            mpz_tdiv_qr(q, r, q, d);
            mpz_mul_2exp(r, r, 1);
            c = mpz_cmp(r, d);
        }
        if (c > 0 || (c == 0 && mpz_odd_p(q))) /* ties to even on the last digit */
            mpz_add_ui(q, q, 1);
        char *digits = malloc(mpz_sizeinbase(q, 10) + 2);
        if (!digits)
            break;
        mpz_get_str(digits, 10, q);
        size_t len = strlen(digits);
        if (len != n) { /* E was one low (or rounding carried to 10^n) */
            E++;
            free(digits);
            continue;
        }
        res = malloc(n + 32);
        if (res) {
            char *p = res;
            if (neg)
                *p++ = '-';
            *p++ = digits[0];
            *p++ = '.';
            memcpy(p, digits + 1, n - 1);
            p += n - 1;
            sprintf(p, "e%c%02ld", E < 0 ? '-' : '+', labs(E));
        }
        free(digits);
        break;
    }
    mpz_clears(m, q, r, d, NULL);
    return res;
}

char *fmt_bigfloat(mpfr_srcptr x, int flags)
{
    if (!mpfr_number_p(x)) {
        const char *s = mpfr_nan_p(x) ? "NaN" : mpfr_signbit(x) ? "-Inf" : "Inf";
        char *r = malloc(strlen(s) + 1);
        if (r)
            strcpy(r, s);
        return r;
    }
    char *s = NULL;
    int n = -1, mine = 0; /* mine: s is malloc's, not MPFR's */
    if (!(flags & FMT_COMPACT) && mpfr_get_prec(x) >= FMT_BIGFLOAT_WIDE && !mpfr_zero_p(x) &&
        (s = fmt_bigfloat_sci(x)) != NULL) {
        n = (int)strlen(s);
        mine = 1;
    } else
        n = mpfr_asprintf(&s, (flags & FMT_COMPACT) ? "%.5Re" : "%Re", x);
    if (n < 0 || !s)
        return NULL;
    char *comma = strchr(s, ',');                        /* a locale's decimal comma */
    if (comma)
        *comma = '.';

    /* mantissa and exponent text ("+06"); room: positional form adds at most
     * 5 zeros, "0.", ".0" */
    char *res = malloc((size_t)n + 16);
    char *epos = strchr(s, 'e');
    if (!res || !epos) {
        mine ? free(s) : mpfr_free_str(s);
        free(res);
        return NULL;
    }
    const char *etext = epos + 1;
    long expo = strtol(etext, NULL, 10);
    size_t mlen = (size_t)(epos - s);
    char *mant = res;                                    /* build the mantissa in place */
    memcpy(mant, s, mlen);
    if (!memchr(mant, '.', mlen))
        mant[mlen++] = '.';
    while (mlen > 0 && mant[mlen - 1] == '0')
        mlen--;
    if (mant[mlen - 1] == '.')
        mant[mlen++] = '0';
    mant[mlen] = '\0';

    if (expo <= -5 || expo >= 6) {
        res[mlen] = 'e';
        strcpy(res + mlen + 1, etext);
        mine ? free(s) : mpfr_free_str(s);
        return res;
    }
    mine ? free(s) : mpfr_free_str(s);
    if (expo == 0)
        return res;

    /* split mant into sign, integer digit(s) and fraction, then rebuild */
    char *tmp = malloc(mlen + 1);
    if (!tmp) {
        free(res);
        return NULL;
    }
    memcpy(tmp, mant, mlen + 1);
    char *dot = strchr(tmp, '.');
    *dot = '\0';
    const char *ipart = tmp, *frac = dot + 1;
    size_t flen = strlen(frac);
    size_t pos = 0;
    if (expo > 0) {
        size_t ex = (size_t)expo;
        pos = (size_t)(stpcpy(res, ipart) - res);
        if (ex < flen) {
            memcpy(res + pos, frac, ex);
            pos += ex;
            res[pos++] = '.';
            strcpy(res + pos, frac + ex);
        } else {
            memcpy(res + pos, frac, flen);
            pos += flen;
            for (size_t k = flen; k < ex; k++)
                res[pos++] = '0';
            strcpy(res + pos, ".0");
        }
    } else {
        if (*ipart == '-') {
            res[pos++] = '-';
            ipart++;
        }
        res[pos++] = '0';
        res[pos++] = '.';
        for (long k = 0; k < -expo - 1; k++)
            res[pos++] = '0';
        pos = (size_t)(stpcpy(res + pos, ipart) - res);
        strcpy(res + pos, strcmp(frac, "0") == 0 ? "" : frac);
    }
    free(tmp);
    return res;
}
