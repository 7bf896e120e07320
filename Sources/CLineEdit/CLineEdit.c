// The C side of the line editor: see include/CLineEdit.h for the contract.
//
// Ctrl-C, in detail. The terminal turns Ctrl-C into SIGINT. While
// cle_read_line runs, a handler installed without SA_RESTART records it in a
// flag and writes a byte to a self-pipe. libedit reads keys through
// cle_read_char (EL_GETCFN), which waits on the terminal AND the pipe, so the
// interruption is seen even when the signal lands while libedit is busy
// drawing (a plain blocking read would only notice at the next key press) or
// on another thread. cle_read_char then fails with EINTR, el_gets returns NULL
// with a count of -1, and cle_read_line reports "interrupted". Outside
// cle_read_line the previous SIGINT disposition applies again, so Ctrl-C
// during a long evaluation behaves as in any other command-line program.

#define _GNU_SOURCE
#include "CLineEdit.h"

#include <errno.h>
#include <fcntl.h>
#include <histedit.h>
#include <langinfo.h>
#include <limits.h>
#include <locale.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include <wchar.h>

struct CLineEditor {
    EditLine *el;
    History *history;
    FILE *output;
    // The terminal opened for the editor when standard output is not one.
    FILE *own_terminal;
    int input_fd;
    char *prompt;
    CLineEditCompletionCallback complete;
    void *completion_context;
    // What the Tab key function returns to libedit, set by the completion answers.
    unsigned char completion_result;
};

// MARK: - Interruption (process-wide: signals are)

static volatile sig_atomic_t interrupt_pending = 0;
static int interrupt_pipe[2] = {-1, -1};

static void cle_on_interrupt(int signal_number) {
    (void)signal_number;
    int saved_errno = errno;
    interrupt_pending = 1;
    if (interrupt_pipe[1] >= 0) {
        ssize_t ignored = write(interrupt_pipe[1], "!", 1);
        (void)ignored; // a full pipe already wakes the reader
    }
    errno = saved_errno;
}

static int cle_ensure_interrupt_pipe(void) {
    if (interrupt_pipe[0] >= 0)
        return 0;
    return pipe2(interrupt_pipe, O_NONBLOCK | O_CLOEXEC);
}

static void cle_drain_interrupt_pipe(void) {
    char sink[64];
    while (read(interrupt_pipe[0], sink, sizeof sink) > 0) {
    }
}

// MARK: - libedit callbacks

static CLineEditor *cle_editor_of(EditLine *el) {
    void *data = NULL;
    el_get(el, EL_CLIENTDATA, &data);
    return data;
}

static char *cle_prompt(EditLine *el) {
    return cle_editor_of(el)->prompt;
}

// libedit's read-a-character hook: returns 1 with a character, 0 at end of
// input, -1 with errno set on error (EINTR for Ctrl-C). Decodes the multibyte
// locale (UTF-8) itself, as libedit's built-in reader does.
static int cle_read_char(EditLine *el, wchar_t *character) {
    CLineEditor *editor = cle_editor_of(el);
    char bytes[MB_LEN_MAX];
    size_t count = 0;
    *character = L'\0';
    for (;;) {
        if (interrupt_pending) {
            errno = EINTR;
            return -1;
        }
        struct pollfd waiting[2] = {
            {.fd = editor->input_fd, .events = POLLIN},
            {.fd = interrupt_pipe[0], .events = POLLIN},
        };
        if (poll(waiting, 2, -1) < 0) {
            if (errno == EINTR)
                continue; // the loop head tells SIGINT from other signals
            return -1;
        }
        if (waiting[1].revents & POLLIN) {
            cle_drain_interrupt_pipe();
            continue;
        }
        if (waiting[0].revents == 0)
            continue;
        ssize_t got = read(editor->input_fd, bytes + count, 1);
        if (got < 0) {
            if (errno == EINTR || errno == EAGAIN)
                continue;
            return -1;
        }
        if (got == 0)
            return 0;
        count += 1;
        for (;;) {
            mbstate_t state;
            memset(&state, 0, sizeof state);
            size_t decoded = mbrtowc(character, bytes, count, &state);
            if (decoded == (size_t)-2) {
                if (count >= MB_LEN_MAX)
                    count = 0; // an endless sequence: drop it
                break;         // read the next byte of the sequence
            }
            if (decoded == (size_t)-1) {
                if (count > 1) {
                    // The last byte broke the sequence: drop the rest and
                    // decode that byte on its own, it may start a new one.
                    bytes[0] = bytes[count - 1];
                    count = 1;
                    continue;
                }
                count = 0; // an invalid single byte: drop it
                break;
            }
            return 1;
        }
    }
}

// Bound to Tab: hands the line and cursor to the Swift callback, which answers
// through cle_completion_replace / cle_completion_show.
static unsigned char cle_complete_key(EditLine *el, int key) {
    (void)key;
    CLineEditor *editor = cle_editor_of(el);
    if (editor == NULL || editor->complete == NULL)
        return CC_ERROR;
    const LineInfo *info = el_line(el);
    size_t length = (size_t)(info->lastchar - info->buffer);
    char *line = malloc(length + 1);
    if (line == NULL)
        return CC_ERROR;
    memcpy(line, info->buffer, length);
    line[length] = '\0';
    int cursor = (int)(info->cursor - info->buffer);
    editor->completion_result = CC_REFRESH_BEEP; // no answer: nothing to complete
    editor->complete(editor->completion_context, editor, line, cursor);
    free(line);
    return editor->completion_result;
}

// MARK: - Setup

// Multibyte input needs a UTF-8 LC_CTYPE. Use the environment's; when it names
// no locale at all (C/POSIX, the usual state of containers and CI), pick
// C.UTF-8. A deliberately chosen non-UTF-8 locale is left alone.
static void cle_select_utf8_ctype(void) {
    const char *chosen = setlocale(LC_CTYPE, "");
    const char *codeset = nl_langinfo(CODESET);
    if (codeset != NULL && (strcasecmp(codeset, "UTF-8") == 0 || strcasecmp(codeset, "utf8") == 0))
        return;
    if (chosen == NULL || strcmp(chosen, "C") == 0 || strcmp(chosen, "POSIX") == 0) {
        if (setlocale(LC_CTYPE, "C.UTF-8") == NULL)
            (void)setlocale(LC_CTYPE, "C.utf8");
    }
}

CLineEditor *cle_open(const char *programName, int historySize) {
    cle_select_utf8_ctype();
    if (cle_ensure_interrupt_pipe() != 0)
        return NULL;
    CLineEditor *editor = calloc(1, sizeof *editor);
    if (editor == NULL)
        return NULL;
    editor->prompt = strdup("");
    editor->output = stdout;
    // Standard output redirected (`stk | tee log`) while someone types: the
    // prompt and the line being edited go to the terminal, the results to
    // standard output. libedit edits only when its output is a terminal.
    if (!isatty(fileno(stdout))) {
        editor->own_terminal = fopen("/dev/tty", "w");
        if (editor->own_terminal != NULL)
            editor->output = editor->own_terminal;
    }
    editor->input_fd = fileno(stdin);
    editor->el = el_init(programName, stdin, editor->output, stderr);
    editor->history = history_init();
    if (editor->prompt == NULL || editor->el == NULL || editor->history == NULL) {
        cle_close(editor);
        return NULL;
    }
    HistEvent event;
    history(editor->history, &event, H_SETSIZE, historySize);
    history(editor->history, &event, H_SETUNIQUE, 1);

    EditLine *el = editor->el;
    el_set(el, EL_CLIENTDATA, editor);
    el_set(el, EL_EDITOR, "emacs");
    el_set(el, EL_SIGNAL, 0); // SIGINT is ours (above); libedit's handlers would re-raise it
    el_set(el, EL_PROMPT, cle_prompt);
    el_set(el, EL_HIST, history, editor->history);
    el_set(el, EL_GETCFN, cle_read_char);
    el_set(el, EL_ADDFN, "complete-word", "Complete the word before the cursor", cle_complete_key);
    el_set(el, EL_BIND, "^I", "complete-word", NULL);
    el_set(el, EL_BIND, "^R", "em-inc-search-prev", NULL);
    el_source(el, NULL); // ~/.editrc or $EDITRC, if any
    return editor;
}

void cle_close(CLineEditor *editor) {
    if (editor == NULL)
        return;
    if (editor->el != NULL)
        el_end(editor->el);
    if (editor->history != NULL)
        history_end(editor->history);
    if (editor->own_terminal != NULL)
        fclose(editor->own_terminal);
    free(editor->prompt);
    free(editor);
}

void cle_set_prompt(CLineEditor *editor, const char *prompt) {
    char *copy = strdup(prompt != NULL ? prompt : "");
    if (copy == NULL)
        return; // keep the previous prompt
    free(editor->prompt);
    editor->prompt = copy;
}

void cle_set_completion(CLineEditor *editor, CLineEditCompletionCallback callback, void *context) {
    editor->complete = callback;
    editor->completion_context = context;
}

// MARK: - Reading

CLineEditReadStatus cle_read_line(CLineEditor *editor, const char **line, int *length) {
    *line = NULL;
    *length = 0;

    cle_drain_interrupt_pipe(); // a Ctrl-C typed between two reads is stale
    interrupt_pending = 0;
    struct sigaction catch_interrupt, previous;
    memset(&catch_interrupt, 0, sizeof catch_interrupt);
    catch_interrupt.sa_handler = cle_on_interrupt;
    sigemptyset(&catch_interrupt.sa_mask);
    catch_interrupt.sa_flags = 0; // no SA_RESTART: blocking calls must return EINTR
    sigaction(SIGINT, &catch_interrupt, &previous);

    // Enter editing mode before the prompt appears: el_gets would print the
    // prompt first and switch at its first read, and keys typed in between
    // would be echoed twice (by the terminal, then by libedit) and a Ctrl-D
    // among them lost in the terminal's line discipline.
    el_set(editor->el, EL_PREP_TERM, 1);

    int count = 0;
    const char *text = el_gets(editor->el, &count);
    int read_errno = errno;
    int interrupted = text == NULL && interrupt_pending;

    sigaction(SIGINT, &previous, NULL);

    if (interrupted) {
        fputc('\n', editor->output);
        fflush(editor->output);
        el_reset(editor->el); // discard the half-typed line and any history browsing
        return CLineEditReadInterrupted;
    }
    if (text == NULL) {
        if (count == 0)
            return CLineEditReadEndOfFile;
        errno = read_errno;
        return CLineEditReadError;
    }
    size_t bytes = strlen(text);
    if (bytes > 0 && text[bytes - 1] == '\n')
        bytes -= 1;
    *line = text;
    *length = (int)bytes;
    return CLineEditReadLine;
}

// MARK: - History

void cle_history_add(CLineEditor *editor, const char *entry) {
    HistEvent event;
    history(editor->history, &event, H_ENTER, entry);
}

int cle_history_load(CLineEditor *editor, const char *path) {
    HistEvent event;
    errno = 0;
    int result = history(editor->history, &event, H_LOAD, path);
    return result < 0 ? -1 : 0;
}

int cle_history_save(CLineEditor *editor, const char *path) {
    HistEvent event;
    errno = 0;
    int result = history(editor->history, &event, H_SAVE, path);
    return result < 0 ? -1 : 0;
}

// MARK: - Completion answers

int cle_terminal_columns(CLineEditor *editor) {
    int columns = 0;
    if (el_get(editor->el, EL_GETTC, "co", &columns) != 0 || columns <= 0)
        return 80;
    return columns;
}

void cle_completion_replace(CLineEditor *editor, int charactersBeforeCursor, const char *replacement) {
    if (charactersBeforeCursor > 0)
        el_deletestr(editor->el, charactersBeforeCursor);
    if (replacement != NULL && replacement[0] != '\0')
        el_insertstr(editor->el, replacement);
    if (editor->completion_result != CC_REDISPLAY)
        editor->completion_result = CC_REFRESH;
}

void cle_completion_show(CLineEditor *editor, const char *listing) {
    // Leave the edit line, print the listing, and let libedit draw the prompt
    // and the line again below it (CC_REDISPLAY), as shells do.
    fputc('\n', editor->output);
    fputs(listing, editor->output);
    fflush(editor->output);
    editor->completion_result = CC_REDISPLAY;
}
