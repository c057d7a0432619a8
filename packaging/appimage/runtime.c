/* Kubeglass AppImage type 2 runtime.
 *
 * The AppImage file is this ELF executable followed by a squashfs image. The image starts where the
 * ELF ends (after the section header table or the last section, whichever is further), so the
 * runtime finds it from its own ELF headers. Normal start: mount the image read-only with FUSE
 * (libsquashfuse's low-level operations served by libfuse3 in a thread of this process), run AppRun
 * with all arguments, unmount when it exits and return its exit status. Without FUSE, the image can
 * be extracted instead (--appimage-extract-and-run or APPIMAGE_EXTRACT_AND_RUN=1).
 */
#define _GNU_SOURCE
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <squashfuse/ll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef RUNTIME_VERSION
#define RUNTIME_VERSION "unknown"
#endif

/* Sections the AppImage specification reserves; tools write into them after the build, so they
 * must survive linking (and --gc-sections: "retain") with their full size. */
__attribute__((section(".upd_info"), used, retain)) static char update_information[1024];
__attribute__((section(".sha256_sig"), used, retain)) static char sha256_signature[1024];
__attribute__((section(".sig_key"), used, retain)) static char signature_key[8192];

static volatile sig_atomic_t forwarded_signal_target;

static void die(const char *what)
{
    fprintf(stderr, "AppImage runtime: %s: %s\n", what, strerror(errno));
    exit(EXIT_FAILURE);
}

static int read_exact(int fd, void *buf, size_t size, off_t offset)
{
    ssize_t got = pread(fd, buf, size, offset);
    return got == (ssize_t)size ? 0 : -1;
}

/* Returns the offset of the appended image, or -1 when the file is not a well-formed ELF. */
static off_t elf_end(const char *path)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    unsigned char ident[EI_NIDENT];
    off_t end = -1;
    if (read_exact(fd, ident, sizeof ident, 0) == 0 && memcmp(ident, ELFMAG, SELFMAG) == 0) {
        if (ident[EI_CLASS] == ELFCLASS64) {
            Elf64_Ehdr eh;
            if (read_exact(fd, &eh, sizeof eh, 0) == 0) {
                end = (off_t)(eh.e_shoff + (Elf64_Off)eh.e_shentsize * eh.e_shnum);
                for (unsigned i = 0; i < eh.e_shnum && end >= 0; ++i) {
                    Elf64_Shdr sh;
                    if (read_exact(fd, &sh, sizeof sh,
                                   (off_t)(eh.e_shoff + (Elf64_Off)i * eh.e_shentsize)) != 0)
                        end = -1;
                    else if (sh.sh_type != SHT_NOBITS && (off_t)(sh.sh_offset + sh.sh_size) > end)
                        end = (off_t)(sh.sh_offset + sh.sh_size);
                }
            }
        } else if (ident[EI_CLASS] == ELFCLASS32) {
            Elf32_Ehdr eh;
            if (read_exact(fd, &eh, sizeof eh, 0) == 0) {
                end = (off_t)eh.e_shoff + (off_t)eh.e_shentsize * eh.e_shnum;
                for (unsigned i = 0; i < eh.e_shnum && end >= 0; ++i) {
                    Elf32_Shdr sh;
                    if (read_exact(fd, &sh, sizeof sh,
                                   (off_t)eh.e_shoff + (off_t)i * eh.e_shentsize) != 0)
                        end = -1;
                    else if (sh.sh_type != SHT_NOBITS &&
                             (off_t)sh.sh_offset + (off_t)sh.sh_size > end)
                        end = (off_t)sh.sh_offset + (off_t)sh.sh_size;
                }
            }
        }
    }
    close(fd);
    return end;
}

static void report_damaged(const char *image, off_t offset)
{
    fprintf(stderr,
            "AppImage runtime: no readable squashfs image at offset %lld of %s (truncated or "
            "damaged?)\n",
            (long long)offset, image);
}

static void print_help(const char *argv0)
{
    printf(
        "AppImage options:\n\n"
        "  --appimage-extract [<pattern>]  Extract the content (matching the glob pattern) into\n"
        "                                  ./squashfs-root\n"
        "  --appimage-extract-and-run      Extract into a temporary directory, run the payload\n"
        "                                  and remove the directory (also: "
        "APPIMAGE_EXTRACT_AND_RUN=1,\n"
        "                                  for machines without FUSE)\n"
        "  --appimage-help                 Print this help\n"
        "  --appimage-mount                Mount the image, print the mount point and wait\n"
        "                                  until interrupted\n"
        "  --appimage-offset               Print the byte offset of the squashfs image\n"
        "  --appimage-updateinformation    Print the update information (.upd_info)\n"
        "  --appimage-version              Print the runtime version\n\n"
        "Any other arguments are passed to the payload (%s).\n",
        argv0);
}

/* ---- Extraction ---------------------------------------------------------------------------- */

static int make_parents(char *path)
{
    for (char *slash = strchr(path + 1, '/'); slash; slash = strchr(slash + 1, '/')) {
        *slash = '\0';
        int rc = mkdir(path, 0755);
        *slash = '/';
        if (rc != 0 && errno != EEXIST)
            return -1;
    }
    return 0;
}

static int extract_file(sqfs *fs, sqfs_inode *inode, const char *target)
{
    int fd = open(target, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0)
        return -1;
    static char buf[1 << 16];
    sqfs_off_t done = 0;
    sqfs_off_t total = (sqfs_off_t)inode->xtra.reg.file_size;
    int rc = 0;
    while (done < total && rc == 0) {
        sqfs_off_t chunk =
            total - done < (sqfs_off_t)sizeof buf ? total - done : (sqfs_off_t)sizeof buf;
        if (sqfs_read_range(fs, inode, done, &chunk, buf) != SQFS_OK || chunk <= 0) {
            rc = -1;
            break;
        }
        for (sqfs_off_t written = 0; written < chunk;) {
            ssize_t n = write(fd, buf + written, (size_t)(chunk - written));
            if (n <= 0) {
                rc = -1;
                break;
            }
            written += n;
        }
        done += chunk;
    }
    if (close(fd) != 0)
        rc = -1;
    return rc;
}

static int extract_entry(sqfs *fs, sqfs_traverse *trv, const char *dest)
{
    sqfs_inode inode;
    if (sqfs_inode_get(fs, &inode, trv->entry.inode) != SQFS_OK)
        return -1;
    /* squashfs names never contain '/', but a crafted image could name an entry "..". */
    if (strcmp(sqfs_dentry_name(&trv->entry), "..") == 0 ||
        strcmp(sqfs_dentry_name(&trv->entry), ".") == 0) {
        fprintf(stderr, "AppImage runtime: refusing entry %s\n", trv->path);
        return -1;
    }
    char target[PATH_MAX];
    if (snprintf(target, sizeof target, "%s/%s", dest, trv->path) >= (int)sizeof target)
        return -1;
    if (make_parents(target) != 0)
        return -1;
    mode_t perms = inode.base.mode & 07777;
    switch (inode.base.mode & S_IFMT) {
    case S_IFDIR:
        /* Owner write access stays, or the directory's own entries could not be written. */
        if (mkdir(target, 0700) != 0 && errno != EEXIST)
            return -1;
        return chmod(target, perms | 0700);
    case S_IFREG:
        unlink(target);
        if (extract_file(fs, &inode, target) != 0)
            return -1;
        return chmod(target, perms);
    case S_IFLNK: {
        char link[PATH_MAX];
        size_t size = sizeof link;
        if (sqfs_readlink(fs, &inode, link, &size) != SQFS_OK)
            return -1;
        unlink(target);
        return symlink(link, target);
    }
    default:
        /* Devices, fifos and sockets have no place in an application image. */
        fprintf(stderr, "AppImage runtime: skipping special file %s\n", trv->path);
        return 0;
    }
}

/* Extracts the entries whose path matches pattern (all when NULL) below dest. */
static int extract(const char *image, off_t offset, const char *dest, const char *pattern)
{
    sqfs fs;
    if (sqfs_open_image(&fs, image, (size_t)offset) != SQFS_OK) {
        report_damaged(image, offset);
        return -1;
    }
    if (mkdir(dest, 0755) != 0 && errno != EEXIST) {
        perror(dest);
        sqfs_destroy(&fs);
        return -1;
    }
    sqfs_traverse trv;
    if (sqfs_traverse_open(&trv, &fs, sqfs_inode_root(&fs)) != SQFS_OK) {
        sqfs_destroy(&fs);
        return -1;
    }
    sqfs_err err = SQFS_OK;
    int rc = 0;
    while (rc == 0 && sqfs_traverse_next(&trv, &err)) {
        if (trv.dir_end || (pattern && fnmatch(pattern, trv.path, 0) != 0))
            continue;
        if (extract_entry(&fs, &trv, dest) != 0) {
            fprintf(stderr, "AppImage runtime: cannot extract %s: %s\n", trv.path, strerror(errno));
            rc = -1;
        }
    }
    if (err != SQFS_OK)
        rc = -1;
    sqfs_traverse_close(&trv);
    sqfs_destroy(&fs);
    return rc;
}

/* ---- Running the payload ------------------------------------------------------------------- */

static void forward_signal(int sig)
{
    if (forwarded_signal_target > 0)
        kill((pid_t)forwarded_signal_target, sig);
}

static void set_environment(const char *appimage, const char *appdir, const char *argv0)
{
    setenv("APPIMAGE", appimage, 1);
    setenv("APPDIR", appdir, 1);
    setenv("ARGV0", argv0, 1);
    /* The original working directory, for AppImage-aware programs (AppRun does not change it). */
    char *owd = getcwd(NULL, 0);
    setenv("OWD", owd ? owd : "/", 1);
    free(owd);
}

/* Runs appdir/AppRun as a child and returns its exit status (128 + signal when killed). */
static int run_payload(const char *appdir, int argc, char **argv)
{
    char apprun[PATH_MAX];
    if (snprintf(apprun, sizeof apprun, "%s/AppRun", appdir) >= (int)sizeof apprun)
        return EXIT_FAILURE;
    char **args = calloc((size_t)argc + 1, sizeof *args);
    if (!args)
        die("calloc");
    args[0] = apprun;
    for (int i = 1; i < argc; ++i)
        args[i] = argv[i];

    pid_t pid = fork();
    if (pid < 0)
        die("fork");
    if (pid == 0) {
        execv(apprun, args);
        fprintf(stderr, "AppImage runtime: cannot run %s: %s\n", apprun, strerror(errno));
        _exit(127);
    }
    free(args);
    forwarded_signal_target = pid;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = forward_signal;
    sa.sa_flags = SA_RESTART;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);

    int status = 0;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR)
            die("waitpid");
    }
    forwarded_signal_target = 0;
    if (WIFSIGNALED(status))
        return 128 + WTERMSIG(status);
    return WEXITSTATUS(status);
}

static int remove_tree(const char *path)
{
    pid_t pid = fork();
    if (pid == 0) {
        execlp("rm", "rm", "-rf", "--", path, (char *)NULL);
        _exit(127);
    }
    int status = 0;
    return pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
                   WEXITSTATUS(status) == 0
               ? 0
               : -1;
}

static int extract_and_run(const char *image, off_t offset, int argc, char **argv)
{
    const char *tmp = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
    char dir[PATH_MAX];
    if (snprintf(dir, sizeof dir, "%s/appimage_extracted_XXXXXX", tmp) >= (int)sizeof dir ||
        !mkdtemp(dir))
        die("cannot create the extraction directory");
    if (extract(image, offset, dir, NULL) != 0) {
        remove_tree(dir);
        fprintf(stderr, "AppImage runtime: extraction into %s failed\n", dir);
        return EXIT_FAILURE;
    }
    set_environment(image, dir, argv[0]);
    int rc = run_payload(dir, argc, argv);
    if (!getenv("NO_CLEANUP"))
        remove_tree(dir);
    return rc;
}

/* ---- FUSE mount ---------------------------------------------------------------------------- */

typedef struct
{
    sqfs_ll *ll;
    sqfs_ll_chan chan;
    char mountpoint[PATH_MAX];
    pthread_t loop;
} mount_state;

static void *serve(void *arg)
{
    mount_state *m = arg;
    fuse_session_loop(m->chan.session);
    return NULL;
}

static int mount_image(mount_state *m, const char *image, off_t offset)
{
    const char *tmp = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
    const char *base = strrchr(image, '/') ? strrchr(image, '/') + 1 : image;
    if (snprintf(m->mountpoint, sizeof m->mountpoint, "%s/.mount_%.6sXXXXXX", tmp, base) >=
            (int)sizeof m->mountpoint ||
        !mkdtemp(m->mountpoint)) {
        perror("AppImage runtime: cannot create the mount point");
        return -1;
    }
    m->ll = sqfs_ll_open(image, (size_t)offset);
    if (!m->ll) {
        report_damaged(image, offset);
        rmdir(m->mountpoint);
        return -1;
    }
    struct fuse_lowlevel_ops ops;
    memset(&ops, 0, sizeof ops);
    ops.getattr = sqfs_ll_op_getattr;
    ops.opendir = sqfs_ll_op_opendir;
    ops.releasedir = sqfs_ll_op_releasedir;
    ops.readdir = sqfs_ll_op_readdir;
    ops.lookup = sqfs_ll_op_lookup;
    ops.open = sqfs_ll_op_open;
    ops.create = sqfs_ll_op_create;
    ops.release = sqfs_ll_op_release;
    ops.read = sqfs_ll_op_read;
    ops.readlink = sqfs_ll_op_readlink;
    ops.listxattr = sqfs_ll_op_listxattr;
    ops.getxattr = sqfs_ll_op_getxattr;
    ops.forget = sqfs_ll_op_forget;
    ops.statfs = stfs_ll_op_statfs;

    char fsname[PATH_MAX + 16];
    snprintf(fsname, sizeof fsname, "ro,fsname=%s", image);
    char *fuse_argv[] = {"appimage-runtime", "-o", fsname, NULL};
    struct fuse_args args = FUSE_ARGS_INIT(3, fuse_argv);
    if (sqfs_ll_mount(&m->chan, m->mountpoint, &args, &ops, sizeof ops, m->ll) != SQFS_OK) {
        fprintf(stderr,
                "AppImage runtime: cannot mount the image with FUSE; without FUSE, run it with "
                "--appimage-extract-and-run or APPIMAGE_EXTRACT_AND_RUN=1\n");
        sqfs_ll_destroy(m->ll);
        free(m->ll);
        rmdir(m->mountpoint);
        return -1;
    }
    /* The payload must not inherit the FUSE channel: holding it would keep the mount alive. */
    fcntl(fuse_session_fd(m->chan.session), F_SETFD, FD_CLOEXEC);
    if (pthread_create(&m->loop, NULL, serve, m) != 0)
        die("pthread_create");
    return 0;
}

static void unmount_image(mount_state *m)
{
    /* Unmounting makes the loop's read of /dev/fuse fail, which ends the serving thread. */
    fuse_session_exit(m->chan.session);
    fuse_session_unmount(m->chan.session);
    pthread_join(m->loop, NULL);
    fuse_session_destroy(m->chan.session);
    sqfs_ll_destroy(m->ll);
    free(m->ll);
    rmdir(m->mountpoint);
}

/* Blocks the termination signals in this thread and every thread it starts later, so that
 * sigwait() in the main thread receives them. */
static void block_termination_signals(sigset_t *set)
{
    sigemptyset(set);
    sigaddset(set, SIGINT);
    sigaddset(set, SIGTERM);
    sigaddset(set, SIGHUP);
    pthread_sigmask(SIG_BLOCK, set, NULL);
}

int main(int argc, char **argv)
{
    char image[PATH_MAX];
    ssize_t len = readlink("/proc/self/exe", image, sizeof image - 1);
    if (len < 0)
        die("cannot find the AppImage (/proc/self/exe)");
    image[len] = '\0';
    off_t offset = elf_end(image);
    if (offset <= 0) {
        fprintf(stderr, "AppImage runtime: %s is not a valid ELF file\n", image);
        return EXIT_FAILURE;
    }

    const char *option = argc > 1 && strncmp(argv[1], "--appimage-", 11) == 0 ? argv[1] : NULL;
    if (option) {
        if (strcmp(option, "--appimage-help") == 0) {
            print_help(argv[0]);
            return EXIT_SUCCESS;
        }
        if (strcmp(option, "--appimage-version") == 0) {
            printf("Kubeglass AppImage runtime %s\n", RUNTIME_VERSION);
            return EXIT_SUCCESS;
        }
        if (strcmp(option, "--appimage-offset") == 0) {
            printf("%lld\n", (long long)offset);
            return EXIT_SUCCESS;
        }
        if (strcmp(option, "--appimage-updateinformation") == 0) {
            printf("%.*s\n", (int)sizeof update_information, update_information);
            return EXIT_SUCCESS;
        }
        if (strcmp(option, "--appimage-extract") == 0) {
            if (argc > 3) {
                fprintf(stderr, "Usage: %s --appimage-extract [<pattern>]\n", argv[0]);
                return EXIT_FAILURE;
            }
            return extract(image, offset, "squashfs-root", argc == 3 ? argv[2] : NULL) == 0
                       ? EXIT_SUCCESS
                       : EXIT_FAILURE;
        }
        if (strcmp(option, "--appimage-extract-and-run") == 0) {
            argv[1] = argv[0];
            return extract_and_run(image, offset, argc - 1, argv + 1);
        }
        if (strcmp(option, "--appimage-mount") == 0) {
            sigset_t signals;
            block_termination_signals(&signals);
            mount_state m;
            if (mount_image(&m, image, offset) != 0)
                return EXIT_FAILURE;
            printf("%s\n", m.mountpoint);
            fflush(stdout);
            int sig = 0;
            sigwait(&signals, &sig);
            unmount_image(&m);
            return EXIT_SUCCESS;
        }
        fprintf(stderr, "AppImage runtime: unknown option %s (see --appimage-help)\n", option);
        return EXIT_FAILURE;
    }

    const char *extract_env = getenv("APPIMAGE_EXTRACT_AND_RUN");
    if (extract_env && strcmp(extract_env, "1") == 0)
        return extract_and_run(image, offset, argc, argv);

    mount_state m;
    if (mount_image(&m, image, offset) != 0)
        return EXIT_FAILURE;
    set_environment(image, m.mountpoint, argv[0]);
    int rc = run_payload(m.mountpoint, argc, argv);
    unmount_image(&m);
    return rc;
}
