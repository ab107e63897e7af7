// The part of Darwin's C library that Swift cannot declare: `struct sigaction` and the function
// `sigaction` share a name, which only a C header can give (the Swift stand-in Darwin.swift
// re-exports this module). Declared as <sys/signal.h>, <signal.h> and <unistd.h> declare them on
// macOS and iOS, with only the members the repository uses.
#pragma once
typedef unsigned int __uint32_t;
typedef __uint32_t sigset_t;
typedef long ssize_t;
typedef __SIZE_TYPE__ size_t;
struct __siginfo;
union __sigaction_u {
    void (*__sa_handler)(int);
    void (*__sa_sigaction)(int, struct __siginfo *, void *);
};
struct sigaction {
    union __sigaction_u __sigaction_u;
    sigset_t sa_mask;
    int sa_flags;
};
int sigaction(int, const struct sigaction *, struct sigaction *);
int raise(int);
ssize_t write(int, const void *, size_t);
#define SIGILL 4
#define SIGTRAP 5
#define SIGABRT 6
#define SIGFPE 8
#define SIGBUS 10
#define SIGSEGV 11
#define SA_ONSTACK 0x0001
#define STDERR_FILENO 2
