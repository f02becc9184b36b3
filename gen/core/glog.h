/* glog.h: the warnings GLib and the libraries on it (Pango, librsvg, gdk-pixbuf)
 * would print on stderr, through diag instead: the first few shown as warnings,
 * the rest counted and summed up in one line, so a hostile input cannot flood
 * the terminal (a 300 MB include once printed 300 MB of Pango warnings). */
#ifndef RAILYARD_GLOG_H
#define RAILYARD_GLOG_H

#define GLOG_SHOWN 5  /* library warnings shown per build */

/* Route GLib's messages through diag from now on (thread-safe); counts restart. */
void glog_capture(void);

/* Say how many were not shown (one warning), and restart the count. Returns the
 * number of library warnings since glog_capture. */
long glog_summary(void);

#endif
