# Tests that cannot run under Wine, labelled wine-excluded (the windows test preset skips that
# label), each with the reason; packaging/README.md has the same list. Single test functions that
# cannot run under Wine skip themselves with a QSKIP that says why (console control events).
# Included from tests/CMakeLists.txt in a Windows cross build; kubeglass_add_test adds the label.
set(KUBEGLASS_WINE_EXCLUDED
    # The `openssl` command-line tool makes their keys and certificates at test time; the Wine
    # prefix has no openssl.exe (Qt there uses Schannel, with no OpenSSL at all).
    tst_pemkeydecoder tst_contextresolver tst_contextusers tst_tlsauth tst_simauth tst_proxy
    # Also openssl, and its exec credential plugins are /bin/sh scripts.
    tst_execcredentialprovider
    # Drives the Linux kubectl and Python kubernetes client, which a Windows program cannot start.
    tst_siminterop
    # Checks the simulator's log endpoint with the Linux kubectl (tst_podlogstream covers the
    # endpoint under Wine through the product's own client).
    tst_simlogs)
