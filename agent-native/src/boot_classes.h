#pragma once

#include <jni.h>

namespace candor {

// Defines classes in the bootstrap loader from bytes the Java agent read: how an attached session puts
// candor-probe.jar's classes where every loader finds them. Appending the jar to the boot class path in the
// live phase (Boot-Class-Path of an attached agent) would make the JVM print a warning on the program's stderr
// and turn class data sharing off for the application's classes from then on; DefineClass does neither.
constexpr const char kBootClassesSignature[] = "Lorg/candor/agent/BootClasses;";

// org.candor.agent.BootClasses: static native Class<?> define0(String internalName, byte[] classFile).
bool register_boot_classes_natives(JNIEnv* jni, jclass klass);

}  // namespace candor
