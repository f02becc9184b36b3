/* pipeline.h: one build pipeline for every game. A command (trains_build.c for the trains,
 * kit_build.c for the other games) fills a struct build_ctx (buildctx.h): the outputs, the
 * paper, margin and duplex, the items and a fields callback per item; build_run
 * writes faces.pdf, back.pdf, the imposed sheets, the single SVG and PNG files,
 * the game's own files (extra callback) and the manifest, in a staging folder
 * beside PARENT/PACK that is then swapped in whole (stage.h). */
#ifndef RAILYARD_PIPELINE_H
#define RAILYARD_PIPELINE_H

#include "buildctx.h"

/* Write the output set: returns an exit status (0, or 3 after reporting). */
int build_run(struct build_ctx *c);

#endif
