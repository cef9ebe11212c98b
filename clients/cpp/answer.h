// The simplest legal answer to any decision, in the text notation (game.proto's grammar).
#pragma once
#include <string>

#include "olympus/v1/game.pb.h"

std::string AnswerFor(const olympus::v1::Decision& d);
