#include "trace/trace_natives.h"

#include "agent_state.h"
#include "class_binder.h"
#include "log.h"
#include "sampler/sampler.h"
#include "trace/trace_format.h"

#include <cstring>

namespace candor {

namespace {

// Modified UTF-8 takes at most 3 bytes a char (a supplementary character is two chars of 3), so this many
// chars always fit the marker's text limit.
constexpr jsize kMaxMarkerChars = trace_format::kMaxMarkerText / 3;

void JNICALL mark0(JNIEnv* jni, jclass, jint kind, jstring text) {
    Sampler* sampler = agent_state().sampler;
    if (sampler == nullptr || !sampler->tracing()) return;
    if (kind < trace_format::Point || kind > trace_format::PhaseEnd) return;
    char bytes[trace_format::kMaxMarkerText + 1] = {};
    std::size_t length = 0;
    if (text != nullptr) {
        jsize chars = jni->GetStringLength(text);
        if (chars > kMaxMarkerChars) chars = kMaxMarkerChars;
        jni->GetStringUTFRegion(text, 0, chars, bytes);
        if (jni->ExceptionCheck()) {
            jni->ExceptionClear();
            return;
        }
        // Modified UTF-8 writes U+0000 as two bytes, so the first zero byte ends the text.
        length = std::strlen(bytes);
    }
    sampler->mark(static_cast<std::uint8_t>(kind), bytes, length);
}

}  // namespace

bool register_candor_api_natives(JNIEnv* jni, jclass klass) {
    const JNINativeMethod methods[] = {
        native_method("mark0", "(ILjava/lang/String;)V", reinterpret_cast<void*>(mark0)),
    };
    jfieldID agent = jni->GetStaticFieldID(klass, "agent", "Z");
    if (agent != nullptr && jni->RegisterNatives(klass, methods, 1) == JNI_OK) {
        jni->SetStaticBooleanField(klass, agent, JNI_TRUE);
        return true;
    }
    if (jni->ExceptionCheck()) jni->ExceptionClear();
    log_line("cannot bind org.candor.api.Candor: it must declare 'static native void mark0(int, String)' and"
             " 'static boolean agent'");
    return false;
}

}  // namespace candor
