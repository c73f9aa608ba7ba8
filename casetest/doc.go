// Package casetest is promptc's regression-test runner for prompts: the
// logic behind promptc test, promptc diff and promptc record. A case is
// one txtar file that says how to call promptc build, what the build
// sees, and the exact prompt it must print. The runner materializes each
// case in a fresh directory, runs the build in-process as promptc build
// does (its args read by package host/args, opened and built by package
// host) in a hermetic [Env], and compares;
// a failure is reported as a diff grouped by section, with token deltas
// and the files behind each change ([Compare]).
//
// # Case files
//
// The comment before the first file says what the case shows. Four file
// names have a meaning; every other file is written under $WORK, the
// case's root (directories implied, files mode 0644).
//
// args is one line: the arguments of promptc build, split like a shell
// line. Blanks separate words, '...' is literal, "..." is literal but for
// \" \\ \$ \` and $WORK, and \ escapes one character. $WORK (or ${WORK})
// is the case root; any other $NAME, `...`, |, &, ;, <, >, ( and ) are
// errors. Without an args file the build has no arguments.
//
// env holds KEY=VALUE lines (blank lines and # comments allowed); a value
// is literal but for $WORK. A case starts from these defaults and sees
// nothing else of the caller's environment:
//
//	HOME=$WORK/home
//	PWD=$WORK                                        (the working directory; symlinks resolved)
//	PROMPTC_SYSTEM_CONFIG=$WORK/etc/promptc/config.yaml
//	SOURCE_DATE_EPOCH=1767225600                     (today is 2026-01-01, UTC)
//
// so the user and system configuration layers are the case's own files
// when it has them. An empty SOURCE_DATE_EPOCH still pins the default
// date.
//
// want is the exact prompt followed by one "\n", with the case root
// written $WORK. (txtar ends every file with a newline and prompts usually
// have none; a prompt that ends with a newline shows as a blank last
// line.) promptc test --update writes it.
//
// fs says what archive files alone cannot: one command a line, in the
// args word syntax, # comments allowed. Paths are relative to $WORK or
// start with $WORK, and stay inside it: a link an earlier line made is
// followed only while it leads to a path inside $WORK, and a line whose
// path would leave through one is an error at that line (the link itself
// may point anywhere; the build's sandbox makes one out of $WORK dangle).
//
//	mkdir DIR...             make directories (with parents), e.g. an empty one
//	symlink LINK -> TARGET   make a symbolic link; TARGET as written, $WORK expanded
//	chmod MODE PATH...       set permission bits, octal 0000-0777
//	unquote FILE...          FILE is stored txtar-quoted (every line prefixed with >); also "unquote want"
//	trim-newline FILE...     FILE has no final newline
//	unix2dos FILE...         FILE has CRLF line endings
//	subst-work FILE...       each literal $WORK in FILE is the case root
//
// The content commands (the last four) change archive files before
// anything is written; mkdir, symlink and chmod run in order afterwards.
//
// Layer files (a project's .promptc.yaml, the user's
// $WORK/home/.config/promptc/config.yaml, the system's
// $WORK/etc/promptc/config.yaml) are files of the case like any other, so
// a platform team tests its own layers. Relative paths in args resolve
// against PWD. Every problem of a case file is reported as
// "case.txtar:LINE: what is wrong".
//
// # Hermeticity
//
// A case gives the same result on any machine, for any user, on any day:
// its environment is only the defaults and its env lines; standard input
// is empty; and it reads files through a sandbox ([Env.FS]) that shows the
// case root (at its real path) and, above it, only the directories that
// lead to it, so a context file in /tmp or an /etc/promptc the host has
// does not exist for the case. Symlinks are resolved inside the sandbox
// (a link to a host path dangles), and permission bits are checked as
// the files' owner sees them, so that a chmod 0000 file is unreadable even
// when root runs the case.
//
// A case never runs a program unless the runner allows it
// ([Runner.AllowExec], promptc test --allow-exec): a case whose build
// would start an exec transform's program fails instead. When allowed,
// the program runs with the case's variables only ([Env.Environ]).
//
// # Recording
//
// A [Capture] notes every path a build touches; a [Recording] turns those
// paths into a [Spec]: the files read (with content), found or listed
// (empty stand-ins), the symlinks on the way, rebased under the deepest
// directory that holds them and the working and home directories, which
// becomes $WORK.
package casetest
