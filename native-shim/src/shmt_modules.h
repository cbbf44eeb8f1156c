/* A PE's module map (trace-format/FORMAT.md, "Call sites"): which object each code address belongs to, so
 * that the tools can name a call site's function and line offline. */
#ifndef SHMT_MODULES_H
#define SHMT_MODULES_H

/* Writes DIR/peNNNNN.modules (through a temporary file renamed over it); 0, or -1 after one warning. */
int shmt_modules_write(const char *trace_path, int pe);

#endif
