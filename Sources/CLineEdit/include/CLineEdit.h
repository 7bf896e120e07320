#pragma once
// A small C shim over libedit for the LineEditor Swift module.
//
// libedit's el_set, el_get and history are variadic, so Swift cannot call them;
// every use of them lives behind the plain functions declared here. The shim
// also owns the terminal-facing policies that need C: the SIGINT handler that
// lets Ctrl-C abandon a half-typed line, the read function that notices it,
// and the Tab key binding that calls back into Swift.

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One line editor on stdin/stdout/stderr, with its history.
typedef struct CLineEditor CLineEditor;

/// How cle_read_line ended.
typedef enum __attribute__((enum_extensibility(closed))) CLineEditReadStatus {
    /// A line was read; it is returned without its trailing newline.
    CLineEditReadLine = 0,
    /// Ctrl-D on an empty line, or the input is closed.
    CLineEditReadEndOfFile = 1,
    /// Ctrl-C: the half-typed line was discarded and a newline printed.
    CLineEditReadInterrupted = 2,
    /// read(2) failed for another reason (for example the terminal hung up).
    CLineEditReadError = 3,
} CLineEditReadStatus;

/// Called when the user presses Tab. `line` is the whole edit line (UTF-8,
/// NUL-terminated, valid only during the call) and `cursorByteOffset` the
/// cursor's position in it. The callback answers by calling
/// cle_completion_replace and/or cle_completion_show on `editor`; calling
/// neither makes the terminal beep.
typedef void (*CLineEditCompletionCallback)(void *context, CLineEditor *editor, const char *line,
                                             int cursorByteOffset);

/// Creates an editor on stdin/stdout/stderr: emacs bindings, Ctrl-R reverse
/// incremental search, Tab bound to the completion callback, a history of at
/// most `historySize` unique-in-a-row entries. Also selects a UTF-8 LC_CTYPE
/// (the environment's, else C.UTF-8) so multibyte input is decoded. Reads the
/// user's ~/.editrc (or $EDITRC) last, so personal bindings win.
/// Returns NULL when libedit cannot set up the terminal.
CLineEditor *cle_open(const char *programName, int historySize);

/// Restores the terminal and frees the editor (el_end, history_end).
void cle_close(CLineEditor *editor);

/// The prompt shown by the next cle_read_line (copied).
void cle_set_prompt(CLineEditor *editor, const char *prompt);

/// Installs (or, with NULL, removes) the Tab completion callback.
void cle_set_completion(CLineEditor *editor, CLineEditCompletionCallback callback, void *context);

/// Reads one line with editing. On CLineEditReadLine, `*line` points to the
/// text (without the newline; valid until the next call) and `*length` is its
/// length in bytes. SIGINT is caught only while this call runs.
CLineEditReadStatus cle_read_line(CLineEditor *editor, const char **line, int *length);

/// Appends an entry to the in-memory history (entries may contain newlines).
void cle_history_add(CLineEditor *editor, const char *entry);

/// Loads history from `path`, in libedit's file format. Returns 0 on success,
/// -1 with errno set on failure.
int cle_history_load(CLineEditor *editor, const char *path);

/// Writes the whole in-memory history to `path` (mode 0600). Returns 0 on
/// success, -1 with errno set on failure.
int cle_history_save(CLineEditor *editor, const char *path);

/// The terminal width in columns (80 when unknown).
int cle_terminal_columns(CLineEditor *editor);

/// Completion answer: deletes `charactersBeforeCursor` characters (Unicode
/// scalars) before the cursor and inserts `replacement` (UTF-8) in their place.
/// Only valid inside the completion callback.
void cle_completion_replace(CLineEditor *editor, int charactersBeforeCursor, const char *replacement);

/// Completion answer: prints `listing` (UTF-8, ending with a newline) below the
/// edit line and redraws the prompt and the line under it, as shells list
/// ambiguous completions. Only valid inside the completion callback.
void cle_completion_show(CLineEditor *editor, const char *listing);

#ifdef __cplusplus
}
#endif
