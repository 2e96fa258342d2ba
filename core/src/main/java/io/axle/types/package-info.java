/**
 * The type model of a contract: the public SPI a transport builds its codecs on. Every parameter,
 * result and declared error of an operation is read once from Java reflection into a {@link
 * io.axle.types.DataType} graph (by {@link io.axle.types.DataTypes#of}) and a list of {@link
 * io.axle.types.DeclaredError}s (by {@link io.axle.types.DeclaredErrors#of}); the built-in
 * transports encode from the same graph (highway its protostuff fields, REST its JSON and OpenAPI
 * document), so a value type travels alike on both. Start-up refuses what the model cannot carry
 * with a message naming the operation, the parameter, the path inside the type and the fix.
 *
 * <p>What a transport may rely on:
 * <ul>
 *   <li>the {@link io.axle.types.DataType.Kind}s and, per kind, which of {@code element},
 *       {@code key}, {@code text} and {@code properties} are set;</li>
 *   <li>the order of {@link io.axle.types.DataType#properties()} (declaration order, superclass
 *       fields first), which is highway's field numbering;</li>
 *   <li>a declared error's wire name (its simple class name) and its properties' order;</li>
 *   <li>each {@link io.axle.types.TextForm}'s text being the type's ISO / canonical form.</li>
 * </ul>
 * A {@code DataType} is immutable once {@code DataTypes.of} returns it and is shared: one instance
 * per Java type, which a recursive type reaches again through its properties. How the graph is
 * built (reflection, caching, the constructors used to make instances) is not part of the SPI.
 */
package io.axle.types;
