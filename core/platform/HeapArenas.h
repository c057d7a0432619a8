#pragma once

// How the C library's allocator serves threads. glibc gives each thread that allocates a heap
// ("arena") of its own and grows it by one mprotect() call per page or so as it fills: a list
// of 100,000 pods decoded off the main thread cost about 100,000 such calls. The main heap
// grows in larger steps. Elsewhere (Windows, other C libraries) this does nothing.
class HeapArenas
{
public:
    // All threads allocate from the one main heap. Call first thing in main(), before any
    // thread starts.
    static void useOne();
};
